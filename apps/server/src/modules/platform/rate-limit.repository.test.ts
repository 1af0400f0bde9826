import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteDatabase } from "../../../test/database";
import type { Database } from "../../db/client";
import { consumeRateLimit, purgeExpiredRateLimits } from "./rate-limit.repository";

let database: Database;
beforeAll(async () => {
  database = await createPgliteDatabase();
});
afterAll(() => database.close());

describe("database rate-limit store", () => {
  it("counts hits in a window and restarts after it ends", async () => {
    expect((await consumeRateLimit(database.db, "k1", 60_000)).current).toBe(1);
    const second = await consumeRateLimit(database.db, "k1", 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(50_000);
    expect((await consumeRateLimit(database.db, "k2", 1)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 10));
    expect((await consumeRateLimit(database.db, "k2", 60_000)).current).toBe(1);
    await purgeExpiredRateLimits(database.db);
  });
});
