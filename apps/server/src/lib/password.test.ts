import { describe, expect, it } from "vitest";
import { hashPassword, isCommonPassword, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: "correct horse" })).toBe(true);
    expect(await verifyPassword({ hash, password: "correct horsE" })).toBe(false);
    expect(await verifyPassword({ hash: "garbage", password: "x" })).toBe(false);
  });

  it("refuses the most common passwords", () => {
    expect(isCommonPassword("123456")).toBe(true);
    expect(isCommonPassword("Password")).toBe(true);
    expect(isCommonPassword("qwerty123")).toBe(true);
    expect(isCommonPassword("violet-lantern-42")).toBe(false);
  });
});
