import { describe, expect, it } from "vitest";
import {
  initialWatchState,
  isPaused,
  pauseReason,
  type SessionTimes,
  secondsLeft,
  type WatchEvent,
  type WatchState,
  watchReducer,
} from "./watch-machine";

const run = (events: WatchEvent[], from: WatchState = initialWatchState()) =>
  events.reduce(watchReducer, from);

/** The browser's clock, and the server's: five minutes ahead of it. */
const B0 = Date.parse("2026-11-21T12:00:00.000Z");
const AHEAD = 5 * 60_000;
const server = (browserMs: number) => new Date(browserMs + AHEAD).toISOString();

/** A session answer received at browser time `at` (the server's clock then: `at` + 5 min). */
function session(at: number, overrides: Partial<SessionTimes> = {}): SessionTimes {
  return {
    id: "s1",
    status: "AD",
    adStartedAt: server(at),
    contentStartedAt: null,
    adSeconds: 30,
    contentSeconds: 30,
    serverTime: server(at),
    ...overrides,
  };
}

const tick = (now: number, ms: number): WatchEvent => ({ type: "TICK", now, ms });
const playing: WatchEvent = { type: "PLAYER", paused: false };

describe("watch state machine", () => {
  it("goes start → ad → close → content → completed, on the server's clock", () => {
    let s = run([{ type: "START" }, { type: "STARTED", session: session(B0), at: B0 }]);
    expect(s).toMatchObject({ phase: "ad", sessionId: "s1", adMs: 0, offsetMs: AHEAD });
    // The ad cannot be closed before it ends.
    s = run([tick(B0 + 29_000, 29_000), { type: "CLOSE_AD" }], s);
    expect(s).toMatchObject({ phase: "ad", adMs: 29_000 });
    expect(secondsLeft(s).ad).toBe(1);
    s = run([tick(B0 + 30_500, 1_500)], s);
    expect(s).toMatchObject({ phase: "adDone", adMs: 30_000 });
    s = run([{ type: "CLOSE_AD" }], s);
    expect(s.phase).toBe("startingContent");
    // Ticks between the request and the answer do not count as content.
    const B1 = B0 + 36_000;
    s = run(
      [
        tick(B0 + 35_000, 5_000),
        {
          type: "CONTENT_STARTED",
          session: session(B1, {
            status: "CONTENT",
            adStartedAt: server(B0),
            contentStartedAt: server(B1),
          }),
          at: B1,
        },
      ],
      s,
    );
    expect(s).toMatchObject({ phase: "content", contentMs: 0 });
    // The content counts only once the player reports PLAYING.
    expect(pauseReason(s)).toBe("player");
    s = run([tick(B1 + 1_000, 1_000), playing], s);
    expect(s.contentMs).toBe(0);
    s = run([tick(B1 + 1_000, 0)], s);
    expect(secondsLeft(s).content).toBe(30);
    s = run([tick(B1 + 30_000, 29_000)], s);
    expect(s).toMatchObject({ phase: "content", contentMs: 29_000 });
    s = run([tick(B1 + 31_000, 1_000)], s);
    expect(s.phase).toBe("completing");
    s = run([{ type: "COMPLETED" }], s);
    expect(s.phase).toBe("completed");
  });

  it("takes the lengths from the session, never a fixed 30 s", () => {
    let s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0, { adSeconds: 15, contentSeconds: 45 }), at: B0 },
    ]);
    expect(s).toMatchObject({ adTotalMs: 15_000, contentTotalMs: 45_000 });
    expect(secondsLeft(s)).toEqual({ ad: 15, content: 45 });
    s = run([tick(B0 + 15_000, 15_000), { type: "CLOSE_AD" }], s);
    expect(s.phase).toBe("startingContent");
    const B1 = B0 + 16_000;
    s = run(
      [
        {
          type: "CONTENT_STARTED",
          session: session(B1, {
            status: "CONTENT",
            contentStartedAt: server(B1),
            adSeconds: 15,
            contentSeconds: 45,
          }),
          at: B1,
        },
        playing,
        tick(B1 + 30_000, 30_000),
      ],
      s,
    );
    expect(s).toMatchObject({ phase: "content", contentMs: 30_000 });
    s = run([tick(B1 + 45_000, 15_000)], s);
    expect(s.phase).toBe("completing");
  });

  it("counts the ad only while attended, never ahead of the server's clock", () => {
    // The answer arrives 2 s after the server started the ad (its serverTime says so).
    const late = session(B0, { adStartedAt: server(B0 - 2_000) });
    let s = run([{ type: "START" }, { type: "STARTED", session: late, at: B0 }]);
    expect(s.adMs).toBe(0);
    // A long gap between ticks never counts more than the server's clock has run.
    s = run([tick(B0 + 1_000, 5_000)], s);
    expect(s.adMs).toBe(3_000);
    // A hidden or unfocused page stops the ad (the server would not attest it).
    s = run([{ type: "VISIBILITY", hidden: true }, tick(B0 + 10_000, 9_000)], s);
    expect(s.adMs).toBe(3_000);
    expect(pauseReason(s)).toBe("hidden");
    s = run(
      [
        { type: "VISIBILITY", hidden: false },
        { type: "ATTENTION", unfocused: true },
      ],
      s,
    );
    expect(pauseReason(s)).toBe("unfocused");
    s = run([tick(B0 + 12_000, 2_000)], s);
    expect(s.adMs).toBe(3_000);
    // The player's place on screen does not matter for the ad.
    s = run(
      [{ type: "ATTENTION", unfocused: false, offScreen: true }, tick(B0 + 14_000, 2_000)],
      s,
    );
    expect(s.adMs).toBe(5_000);
    expect(isPaused(s)).toBe(false);
  });

  it("advances the content only while the tab is visible and the player is not paused", () => {
    const B1 = B0 + 31_000;
    let s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      tick(B0 + 31_000, 31_000),
      { type: "CLOSE_AD" },
      {
        type: "CONTENT_STARTED",
        session: session(B1, { status: "CONTENT", contentStartedAt: server(B1) }),
        at: B1,
      },
      playing,
      tick(B1 + 10_000, 10_000),
      { type: "PLAYER", paused: true },
      tick(B1 + 20_000, 10_000),
    ]);
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
    s = run([tick(B1 + 30_000, 10_000), { type: "VISIBILITY", hidden: false }], s);
    expect(s).toMatchObject({ phase: "content", contentMs: 10_000 });
    expect(secondsLeft(s).content).toBe(20);
    expect(run([tick(B1 + 50_000, 20_000)], s).phase).toBe("completing");
    // Scrolled away, unfocused, or another session opened: paused, and says why.
    for (const [event, reason] of [
      [{ type: "ATTENTION", offScreen: true }, "offScreen"],
      [{ type: "ATTENTION", offScreen: false, unfocused: true }, "unfocused"],
      [{ type: "OTHER_SESSION" }, "otherSession"],
    ] as const) {
      s = run([event, tick(B1 + 35_000, 5_000)], s);
      expect(pauseReason(s)).toBe(reason);
      expect(s.contentMs).toBe(10_000);
    }
  });

  it("keeps the player's PLAYING reported before the content's answer", () => {
    const B1 = B0 + 31_000;
    const s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      tick(B0 + 31_000, 31_000),
      { type: "CLOSE_AD" },
      playing,
      {
        type: "CONTENT_STARTED",
        session: session(B1, { status: "CONTENT", contentStartedAt: server(B1) }),
        at: B1,
      },
      tick(B1 + 5_000, 5_000),
    ]);
    expect(s).toMatchObject({ phase: "content", contentMs: 5_000, playerPaused: false });
  });

  it("fails an unplayable video with its reason", () => {
    const s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      { type: "UNPLAYABLE" },
    ]);
    expect(s).toMatchObject({ phase: "failed", error: "VIDEO_UNPLAYABLE" });
  });

  it("continues an open session where the server's clock says it is", () => {
    const resuming = initialWatchState({ resuming: true });
    expect(resuming.phase).toBe("resuming");
    // Nothing open: the start card.
    expect(run([{ type: "RESUMED", session: null, at: B0 }], resuming).phase).toBe("idle");
    // 12 s into the ad: 18 s left.
    const inAd = run(
      [
        {
          type: "RESUMED",
          session: session(B0, { adStartedAt: server(B0 - 12_000), adAttestedMs: 12_000 }),
          at: B0,
        },
      ],
      resuming,
    );
    expect(inAd).toMatchObject({ phase: "ad", sessionId: "s1", adMs: 12_000 });
    expect(secondsLeft(inAd).ad).toBe(18);
    expect(run([tick(B0 + 18_000, 18_000)], inAd).phase).toBe("adDone");
    // Past its ad: straight on to the content step.
    const pastAd = run(
      [
        {
          type: "RESUMED",
          session: session(B0, { adStartedAt: server(B0 - 45_000), adAttestedMs: 30_000 }),
          at: B0,
        },
      ],
      resuming,
    );
    expect(pastAd).toMatchObject({ phase: "startingContent", adMs: 30_000 });
    // 10 s into the content.
    const content = session(B0, {
      status: "CONTENT",
      adStartedAt: server(B0 - 50_000),
      contentStartedAt: server(B0 - 10_000),
      contentAttestedMs: 10_000,
    });
    const inContent = run([{ type: "RESUMED", session: content, at: B0 }], resuming);
    expect(inContent).toMatchObject({ phase: "content", adMs: 30_000, contentMs: 10_000 });
    expect(secondsLeft(inContent).content).toBe(20);
    // Content the server has fully seen: complete it.
    const done = { ...content, contentStartedAt: server(B0 - 40_000), contentAttestedMs: 30_000 };
    expect(run([{ type: "RESUMED", session: done, at: B0 }], resuming).phase).toBe("completing");
    // A closed session is not continued; an answer out of place changes nothing.
    expect(
      run([{ type: "RESUMED", session: { ...content, status: "COMPLETED" }, at: B0 }], resuming)
        .phase,
    ).toBe("idle");
    expect(run([{ type: "RESUMED", session: content, at: B0 }]).phase).toBe("idle");
    expect(run([{ type: "START" }], resuming).phase).toBe("resuming");
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
