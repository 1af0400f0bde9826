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
/** A heartbeat's answer: the server's attested time (ms) of the ad and the content. */
const attested = (ad: number, content = 0, qualifying = true): WatchEvent => ({
  type: "ATTESTED",
  adAttestedMs: ad,
  contentAttestedMs: content,
  qualifying,
});

describe("watch state machine", () => {
  it("goes start → ad → close → content → completed when the server attested each step", () => {
    let s = run([{ type: "START" }, { type: "STARTED", session: session(B0), at: B0 }]);
    expect(s).toMatchObject({ phase: "ad", sessionId: "s1", adMs: 0, offsetMs: AHEAD });
    // Nothing moves before the first heartbeat's answer.
    s = run([tick(B0 + 100, 100)], s);
    expect(s.adMs).toBe(0);
    // The first answer (nothing attested, qualifying): the time shown advances from it.
    s = run([attested(0), tick(B0 + 5_100, 5_000)], s);
    expect(s).toMatchObject({ phase: "ad", adMs: 5_000 });
    s = run([attested(25_000), tick(B0 + 29_100, 4_000), { type: "CLOSE_AD" }], s);
    expect(s).toMatchObject({ phase: "ad", adMs: 29_000 });
    expect(secondsLeft(s).ad).toBe(1);
    // The page's own 30 s do not close the ad: the server's answer does.
    s = run([tick(B0 + 31_000, 1_900)], s);
    expect(s).toMatchObject({ phase: "ad", adMs: 30_000 });
    s = run([attested(30_000)], s);
    expect(s).toMatchObject({ phase: "adDone", adMs: 30_000 });
    s = run([{ type: "CLOSE_AD" }], s);
    expect(s.phase).toBe("startingContent");
    const B1 = B0 + 32_000;
    s = run(
      [
        tick(B0 + 31_500, 500),
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
    // The content counts only once the player reports PLAYING and a heartbeat qualified.
    expect(pauseReason(s)).toBe("player");
    s = run([attested(30_000, 0, false), playing, tick(B1 + 2_000, 2_000)], s);
    expect(s.contentMs).toBe(0);
    expect(secondsLeft(s).content).toBe(30);
    s = run([attested(30_000, 0), tick(B1 + 7_000, 5_000)], s);
    expect(s.contentMs).toBe(5_000);
    s = run([attested(30_000, 29_000), tick(B1 + 33_000, 1_000)], s);
    expect(s).toMatchObject({ phase: "content", contentMs: 30_000 });
    s = run([attested(30_000, 30_000)], s);
    expect(s.phase).toBe("completing");
    s = run([{ type: "COMPLETED" }], s);
    expect(s.phase).toBe("completed");
  });

  it("goes back to the step, without retrying, when the server says not yet", () => {
    let s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      attested(30_000),
      { type: "CLOSE_AD" },
      { type: "NOT_YET" },
    ]);
    expect(s).toMatchObject({ phase: "ad", adMs: 29_999 });
    expect(secondsLeft(s).ad).toBe(1);
    s = run([attested(30_000)], s);
    expect(s.phase).toBe("adDone");
  });

  it("takes the lengths from the session, never a fixed 30 s", () => {
    let s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0, { adSeconds: 15, contentSeconds: 45 }), at: B0 },
    ]);
    expect(s).toMatchObject({ adTotalMs: 15_000, contentTotalMs: 45_000 });
    expect(secondsLeft(s)).toEqual({ ad: 15, content: 45 });
    s = run([attested(15_000), { type: "CLOSE_AD" }], s);
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
        attested(15_000, 30_000),
      ],
      s,
    );
    expect(s).toMatchObject({ phase: "content", contentMs: 30_000 });
    s = run([attested(15_000, 45_000)], s);
    expect(s.phase).toBe("completing");
  });

  it("advances the ad only while attended, at most a heartbeat, never ahead of the server's clock", () => {
    // The answer arrives 2 s after the server started the ad (its serverTime says so).
    const late = session(B0, { adStartedAt: server(B0 - 2_000) });
    let s = run([{ type: "START" }, { type: "STARTED", session: late, at: B0 }, attested(0)]);
    expect(s.adMs).toBe(0);
    s = run([tick(B0 + 1_000, 1_000)], s);
    expect(s.adMs).toBe(1_000);
    // A hidden or unfocused page stops the ad (the server would not attest it), back at the
    // server's figure.
    s = run([{ type: "VISIBILITY", hidden: true }, tick(B0 + 3_000, 2_000)], s);
    expect(s.adMs).toBe(0);
    expect(pauseReason(s)).toBe("hidden");
    s = run(
      [
        { type: "VISIBILITY", hidden: false },
        { type: "ATTENTION", unfocused: true },
      ],
      s,
    );
    expect(pauseReason(s)).toBe("unfocused");
    s = run([tick(B0 + 4_000, 1_000)], s);
    expect(s.adMs).toBe(0);
    // The player's place on screen does not matter for the ad.
    s = run([{ type: "ATTENTION", unfocused: false, offScreen: true }, tick(B0 + 5_000, 1_000)], s);
    expect(s.adMs).toBe(1_000);
    expect(isPaused(s)).toBe(false);
    // Without a new answer the time shown stops one heartbeat (and a second) after the last.
    s = run([tick(B0 + 30_000, 25_000)], s);
    expect(s.adMs).toBe(6_000);
    // A heartbeat that did not qualify: the server counts nothing until the next.
    s = run([attested(5_000, 0, false), tick(B0 + 31_000, 1_000)], s);
    expect(s.adMs).toBe(5_000);
  });

  it("advances the content only while the tab is visible and the player is not paused", () => {
    const B1 = B0 + 31_000;
    let s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      attested(30_000),
      { type: "CLOSE_AD" },
      {
        type: "CONTENT_STARTED",
        session: session(B1, { status: "CONTENT", contentStartedAt: server(B1) }),
        at: B1,
      },
      playing,
      attested(30_000, 5_000),
      tick(B1 + 8_000, 3_000),
      { type: "PLAYER", paused: true },
      tick(B1 + 10_000, 2_000),
    ]);
    expect(s).toMatchObject({ phase: "content", contentMs: 5_000 });
    expect(isPaused(s)).toBe(true);
    s = run(
      [
        { type: "VISIBILITY", hidden: true },
        { type: "PLAYER", paused: false },
      ],
      s,
    );
    expect(isPaused(s)).toBe(true);
    s = run([tick(B1 + 20_000, 10_000), { type: "VISIBILITY", hidden: false }], s);
    expect(s).toMatchObject({ phase: "content", contentMs: 5_000 });
    expect(secondsLeft(s).content).toBe(25);
    // Scrolled away, unfocused, or another session opened: paused, and says why.
    for (const [event, reason] of [
      [{ type: "ATTENTION", offScreen: true }, "offScreen"],
      [{ type: "ATTENTION", offScreen: false, unfocused: true }, "unfocused"],
      [{ type: "OTHER_SESSION" }, "otherSession"],
    ] as const) {
      s = run([event, tick(B1 + 25_000, 1_000)], s);
      expect(pauseReason(s)).toBe(reason);
      expect(s.contentMs).toBe(5_000);
    }
  });

  it("falls back to the server's figure the moment the page stops attending", () => {
    const B1 = B0 + 31_000;
    let s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      attested(30_000),
      { type: "CLOSE_AD" },
      {
        type: "CONTENT_STARTED",
        session: session(B1, { status: "CONTENT", contentStartedAt: server(B1) }),
        at: B1,
      },
      playing,
      attested(30_000, 10_000),
      tick(B1 + 14_000, 3_000),
    ]);
    expect(s.contentMs).toBe(13_000);
    // The interval in progress will not be credited: the 3 s shown since the answer go.
    s = run([{ type: "PLAYER", paused: true }], s);
    expect(s.contentMs).toBe(10_000);
    s = run([tick(B1 + 16_000, 2_000)], s);
    expect(s.contentMs).toBe(10_000);
  });

  it("keeps the player's PLAYING reported before the content's answer", () => {
    const B1 = B0 + 31_000;
    const s = run([
      { type: "START" },
      { type: "STARTED", session: session(B0), at: B0 },
      attested(30_000),
      { type: "CLOSE_AD" },
      playing,
      {
        type: "CONTENT_STARTED",
        session: session(B1, { status: "CONTENT", contentStartedAt: server(B1) }),
        at: B1,
      },
      attested(30_000, 0),
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
    expect(run([attested(30_000)], inAd).phase).toBe("adDone");
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
