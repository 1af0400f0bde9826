import { describe, expect, it } from "vitest";
import {
  ATTENTION,
  accrueHeartbeat,
  type HeartbeatEvidence,
  type HeartbeatMark,
  heartbeatQualifies,
} from "./attention";

const content = (over: Partial<HeartbeatEvidence> = {}): HeartbeatEvidence => ({
  step: "content",
  seq: 2,
  playerState: "playing",
  positionSeconds: 10,
  visible: true,
  focused: true,
  visibleRatio: 1,
  playerWidth: 640,
  playerHeight: 360,
  ...over,
});
const prev: HeartbeatMark = { seq: 1, atMs: 100_000, positionSeconds: 5, qualifying: true };

describe("heartbeatQualifies", () => {
  it("needs the page visible and focused for the advertisement, nothing about a player", () => {
    expect(
      heartbeatQualifies(content({ step: "ad", playerState: "paused", visibleRatio: 0 })),
    ).toBe(true);
    expect(heartbeatQualifies(content({ step: "ad", focused: false }))).toBe(false);
    expect(heartbeatQualifies(content({ step: "ad", visible: false }))).toBe(false);
  });

  it("needs the content playing, half on screen and 200×200 px", () => {
    expect(heartbeatQualifies(content())).toBe(true);
    expect(heartbeatQualifies(content({ playerState: "paused" }))).toBe(false);
    expect(heartbeatQualifies(content({ playerState: "buffering" }))).toBe(false);
    expect(heartbeatQualifies(content({ visibleRatio: 0.49 }))).toBe(false);
    expect(heartbeatQualifies(content({ visibleRatio: ATTENTION.minVisibleRatio }))).toBe(true);
    expect(heartbeatQualifies(content({ playerWidth: 199 }))).toBe(false);
    expect(heartbeatQualifies(content({ playerHeight: 199 }))).toBe(false);
    expect(heartbeatQualifies(content({ focused: false }))).toBe(false);
  });
});

describe("accrueHeartbeat", () => {
  it("credits the server time between two qualifying heartbeats with plausible progress", () => {
    const v = accrueHeartbeat(prev, content(), 105_000);
    expect(v).toEqual({
      accepted: true,
      creditMs: 5_000,
      mark: { seq: 2, atMs: 105_000, positionSeconds: 10, qualifying: true },
    });
  });

  it("credits nothing for the first heartbeat of a step", () => {
    expect(accrueHeartbeat(null, content(), 105_000)).toMatchObject({
      accepted: true,
      creditMs: 0,
    });
  });

  it("refuses a repeated or older seq and a heartbeat sooner than the minimum gap", () => {
    expect(accrueHeartbeat(prev, content({ seq: 1 }), 105_000)).toEqual({
      accepted: false,
      reason: "outOfOrder",
    });
    expect(accrueHeartbeat(prev, content({ seq: 0 }), 105_000)).toMatchObject({ accepted: false });
    expect(accrueHeartbeat(prev, content(), prev.atMs + ATTENTION.minHeartbeatGapMs - 1)).toEqual({
      accepted: false,
      reason: "tooFast",
    });
  });

  it("credits nothing across a gap longer than the maximum", () => {
    const at = prev.atMs + ATTENTION.maxHeartbeatGapMs + 1;
    expect(accrueHeartbeat(prev, content({ positionSeconds: 5 + 12 }), at)).toMatchObject({
      accepted: true,
      creditMs: 0,
    });
    expect(
      accrueHeartbeat(
        prev,
        content({ positionSeconds: 17 }),
        prev.atMs + ATTENTION.maxHeartbeatGapMs,
      ),
    ).toMatchObject({ creditMs: ATTENTION.maxHeartbeatGapMs });
  });

  it("credits nothing for a seek ahead, a pause in disguise or time travel", () => {
    // 5 s of server time, 20 s of position: a seek ahead.
    expect(accrueHeartbeat(prev, content({ positionSeconds: 25 }), 105_000)).toMatchObject({
      creditMs: 0,
    });
    // Position stood still while reporting PLAYING.
    expect(accrueHeartbeat(prev, content({ positionSeconds: 5 }), 105_000)).toMatchObject({
      creditMs: 0,
    });
    // Position went back.
    expect(accrueHeartbeat(prev, content({ positionSeconds: 1 }), 105_000)).toMatchObject({
      creditMs: 0,
    });
    // Rate bounds are inclusive: 0.6× and 1.6×.
    expect(accrueHeartbeat(prev, content({ positionSeconds: 8 }), 105_000)).toMatchObject({
      creditMs: 5_000,
    });
    expect(accrueHeartbeat(prev, content({ positionSeconds: 13 }), 105_000)).toMatchObject({
      creditMs: 5_000,
    });
  });

  it("credits nothing when either end did not qualify, and remembers the current one", () => {
    const paused = accrueHeartbeat(prev, content({ playerState: "paused" }), 105_000);
    expect(paused).toMatchObject({ accepted: true, creditMs: 0, mark: { qualifying: false } });
    const after = accrueHeartbeat({ ...prev, qualifying: false }, content(), 105_000);
    expect(after).toMatchObject({ accepted: true, creditMs: 0, mark: { qualifying: true } });
  });

  it("ignores the position for the advertisement", () => {
    const ad = content({ step: "ad", positionSeconds: 0, playerState: "unstarted" });
    expect(accrueHeartbeat({ ...prev, positionSeconds: 0 }, ad, 105_000)).toMatchObject({
      creditMs: 5_000,
    });
  });
});
