import { ATTENTION } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import { nextBeatDelay } from "./use-heartbeats";

describe("nextBeatDelay", () => {
  const every = ATTENTION.heartbeatSeconds * 1000;
  it("beats every heartbeatSeconds while more than one heartbeat is left to attest", () => {
    expect(nextBeatDelay(25_000)).toBe(every);
    expect(nextBeatDelay(every)).toBe(every);
  });
  it("sends the step's last heartbeat as soon as the server can count the rest", () => {
    // 20 ms short of 30 s after six 5-s gaps (timer jitter): not a whole heartbeat more.
    expect(nextBeatDelay(3_000)).toBe(3_250);
    expect(nextBeatDelay(20)).toBe(ATTENTION.minHeartbeatGapMs + 500);
  });
  it("keeps the cadence once the step is attested", () => {
    expect(nextBeatDelay(0)).toBe(every);
    expect(nextBeatDelay(-500)).toBe(every);
  });
});
