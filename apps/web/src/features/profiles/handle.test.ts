import { describe, expect, it } from "vitest";
import { parseHandle } from "./handle";

describe("parseHandle", () => {
  it("takes the username with or without @", () => {
    expect(parseHandle("@alice")).toBe("alice");
    expect(parseHandle("alice.b_2")).toBe("alice.b_2");
  });

  it("rejects what cannot be a username", () => {
    for (const value of ["", "@", "ab", "a".repeat(21), "terms-of-use", "@@alice", "al ice"]) {
      expect(parseHandle(value)).toBeNull();
    }
  });
});
