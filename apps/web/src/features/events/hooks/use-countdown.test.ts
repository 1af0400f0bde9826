import { describe, expect, it } from "vitest";
import { splitDuration } from "./use-countdown";

describe("splitDuration", () => {
  it("splits whole days from the clock time", () => {
    expect(splitDuration(0)).toEqual({ days: 0, time: "00:00:00" });
    expect(splitDuration(3_661)).toEqual({ days: 0, time: "01:01:01" });
    expect(splitDuration(86_400 * 2 + 59)).toEqual({ days: 2, time: "00:00:59" });
  });
});
