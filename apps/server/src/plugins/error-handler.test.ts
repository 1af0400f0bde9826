import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { errorHandlerPlugin, isDatabaseUnreachable } from "./error-handler";

describe("the error handler", () => {
  it("answers a lost database connection 503 with a Retry-After hint (a failover, ADR 049)", async () => {
    const app = Fastify();
    await app.register(errorHandlerPlugin);
    app.get("/down", async () => {
      throw new Error("Connection terminated unexpectedly");
    });
    app.get("/bug", async () => {
      throw new Error("undefined is not a function");
    });
    const down = await app.inject({ url: "/down" });
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("2");
    expect(down.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    const bug = await app.inject({ url: "/bug" });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers["retry-after"]).toBeUndefined();
    await app.close();
  });
});

describe("isDatabaseUnreachable", () => {
  it("recognises a database that is down, shutting down or dropped the connection", () => {
    expect(
      isDatabaseUnreachable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    const adminShutdown = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(isDatabaseUnreachable(new Error("Failed query", { cause: adminShutdown }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
    // A write on a member demoted to standby mid-failover (read_only_sql_transaction).
    expect(isDatabaseUnreachable(Object.assign(new Error("read-only"), { code: "25006" }))).toBe(
      true,
    );
  });

  it("leaves every other error a 500", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("undefined is not a function"))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
