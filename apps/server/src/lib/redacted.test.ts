import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { Redacted } from "./redacted";

describe("Redacted", () => {
  it("prints as [redacted] everywhere and gives its value only on reveal()", () => {
    const secret = new Redacted("0xabc123");
    expect(String(secret)).toBe("[redacted]");
    expect(`${secret}`).toBe("[redacted]");
    expect(JSON.stringify({ key: secret })).toBe('{"key":"[redacted]"}');
    expect(inspect({ key: secret })).not.toContain("abc123");
    expect(secret.reveal()).toBe("0xabc123");
  });
});
