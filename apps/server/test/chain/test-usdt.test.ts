import { describe, expect, it } from "vitest";
import { committedMatchesSource } from "./contracts/compile.mjs";

describe("TestUsdt.json (the local chains' token)", () => {
  it("is what TestUsdt.sol compiles to with solc-js (run contracts/compile.mjs after editing it)", () => {
    expect(committedMatchesSource()).toBe(true);
  });
});
