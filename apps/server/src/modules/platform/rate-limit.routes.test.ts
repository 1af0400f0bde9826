import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app";
import { createPgliteDatabase } from "../../../test/database";
import type { Database } from "../../db/client";

let database: Database;
beforeAll(async () => {
  database = await createPgliteDatabase();
});
afterAll(() => database.close());

describe("rate limiting", () => {
  it("keeps its counters in the database, so they survive a restart of the server", async () => {
    const limited = (app: import("fastify").FastifyInstance) => {
      app.get(
        "/api/test/limited",
        { config: { rateLimit: { max: 3, timeWindow: 60_000 } } },
        async () => ({ ok: true }),
      );
    };
    const first = await createTestApp({ database, beforeReady: limited });
    for (let i = 0; i < 3; i++) {
      expect((await first.app.inject({ method: "GET", url: "/api/test/limited" })).statusCode).toBe(
        200,
      );
    }
    await first.close();
    // A new instance on the same database sees the same window.
    const second = await createTestApp({ database, beforeReady: limited });
    const res = await second.app.inject({ method: "GET", url: "/api/test/limited" });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe("RATE_LIMITED");
    await second.close();
  });
});
