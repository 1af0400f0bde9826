import { describe, expect, it } from "vitest";
import { isDatabaseUnreachable } from "./error-handler";

describe("isDatabaseUnreachable", () => {
  it("recognises a database that is down, shutting down or dropped the connection", () => {
    expect(
      isDatabaseUnreachable(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })),
    ).toBe(true);
    const adminShutdown = Object.assign(new Error("terminating connection"), { code: "57P01" });
    expect(isDatabaseUnreachable(new Error("Failed query", { cause: adminShutdown }))).toBe(true);
    expect(isDatabaseUnreachable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("leaves every other error a 500", () => {
    expect(isDatabaseUnreachable(Object.assign(new Error("dup"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnreachable(new Error("undefined is not a function"))).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});
