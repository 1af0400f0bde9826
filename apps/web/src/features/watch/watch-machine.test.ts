import { describe, expect, it } from "vitest";
import {
  AD_MS,
  initialWatchState,
  isPaused,
  type WatchEvent,
  type WatchState,
  watchReducer,
} from "./watch-machine";

const run = (events: WatchEvent[], from: WatchState = initialWatchState()) =>
  events.reduce(watchReducer, from);

describe("watch state machine", () => {
  it("goes start → ad (30 s) → close → content (30 s) → completed", () => {
    let s = run([{ type: "START" }, { type: "STARTED", sessionId: "s1" }]);
    expect(s).toMatchObject({ phase: "ad", sessionId: "s1", adMs: 0 });
    // The ad cannot be closed before it ends.
    s = run([{ type: "TICK", ms: 29_000 }, { type: "CLOSE_AD" }], s);
    expect(s.phase).toBe("ad");
    s = run([{ type: "TICK", ms: 1_500 }], s);
    expect(s).toMatchObject({ phase: "adDone", adMs: AD_MS });
    s = run([{ type: "CLOSE_AD" }], s);
    expect(s.phase).toBe("startingContent");
    // Ticks between the request and the answer do not count as content.
    s = run([{ type: "TICK", ms: 5_000 }, { type: "CONTENT_STARTED" }], s);
    expect(s).toMatchObject({ phase: "content", contentMs: 0 });
    s = run([{ type: "TICK", ms: 30_000 }], s);
    expect(s.phase).toBe("completing");
    s = run([{ type: "COMPLETED" }], s);
    expect(s.phase).toBe("completed");
  });

  it("advances only while the tab is visible and the player is not paused", () => {
    let s = run([
      { type: "START" },
      { type: "STARTED", sessionId: "s1" },
      { type: "VISIBILITY", hidden: true },
      { type: "TICK", ms: 10_000 },
    ]);
    expect(s.adMs).toBe(0);
    expect(isPaused(s)).toBe(true);
    s = run(
      [
        { type: "VISIBILITY", hidden: false },
        { type: "TICK", ms: 30_000 },
        { type: "CLOSE_AD" },
        { type: "CONTENT_STARTED" },
        { type: "TICK", ms: 10_000 },
        { type: "PLAYER", paused: true },
        { type: "TICK", ms: 10_000 },
      ],
      s,
    );
    expect(s).toMatchObject({ phase: "content", contentMs: 10_000 });
    expect(isPaused(s)).toBe(true);
    s = run(
      [
        { type: "VISIBILITY", hidden: true },
        { type: "PLAYER", paused: false },
      ],
      s,
    );
    expect(isPaused(s)).toBe(true);
    s = run(
      [
        { type: "TICK", ms: 10_000 },
        { type: "VISIBILITY", hidden: false },
        { type: "TICK", ms: 20_000 },
      ],
      s,
    );
    expect(s.phase).toBe("completing");
  });

  it("shows a refusal and can start again", () => {
    let s = run([{ type: "START" }, { type: "FAILED", error: "ALREADY_WATCHED" }]);
    expect(s).toMatchObject({ phase: "failed", error: "ALREADY_WATCHED" });
    s = run([{ type: "START" }], s);
    expect(s).toMatchObject({ phase: "starting", error: null });
    // Events out of place change nothing.
    expect(run([{ type: "COMPLETED" }, { type: "CLOSE_AD" }], initialWatchState()).phase).toBe(
      "idle",
    );
  });
});
