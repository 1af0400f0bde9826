import { describe, expect, it } from "vitest";
import { jsonTextProblem, MAX_JSON_DEPTH } from "./input-guard";

describe("jsonTextProblem", () => {
  it("counts nesting outside strings only, without recursion", () => {
    const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonTextProblem(nested(MAX_JSON_DEPTH + 1))).toBe("depth");
    expect(jsonTextProblem(nested(1_000_000))).toBe("depth");
    expect(jsonTextProblem(`{"a":"${"[{".repeat(100)}"}`)).toBeNull();
    expect(jsonTextProblem(`{"a":"\\"[[["}`, 1)).toBeNull();
    expect(jsonTextProblem(`[{"a":[1]},{"b":{}}]`, 3)).toBeNull();
  });

  it("finds a NUL in any string or key, escaped or raw, and nothing else", () => {
    expect(jsonTextProblem(JSON.stringify({ a: "x\u0000y" }))).toBe("nul");
    expect(jsonTextProblem(JSON.stringify({ "k\u0000": 1 }))).toBe("nul");
    expect(jsonTextProblem('{"a":"\u0000"}')).toBe("nul");
    // An escaped backslash followed by "u0000" is text, not a NUL.
    expect(jsonTextProblem(JSON.stringify({ a: "\\u0000" }))).toBeNull();
    expect(jsonTextProblem(JSON.stringify({ a: "\u0001\u00a0é😀" }))).toBeNull();
  });
});
