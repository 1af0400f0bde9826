import { ATTENTION, type TWatchSession, VIDEO } from "@viewvault/shared";
import { serverOffsetMs } from "@/lib/server-clock";

/**
 * The watch page's state machine (pure, so it is unit-tested): resuming → idle → starting → ad →
 * adDone → startingContent → content → completing → completed, or failed.
 *
 * The server times the session and has the last word, so the page follows its clock: every
 * answer brings the session's timestamps (`adStartedAt`, `contentStartedAt`), its durations
 * (`adSeconds`, `contentSeconds`) and `serverTime`, from which the machine keeps the offset
 * between the server's clock and the browser's.
 * - The time shown is the server's attested figure (each heartbeat's answer, ADR 064), advanced
 *   between two answers only while the last one qualified and the page still attends, and never
 *   ahead of the server's clock (`adSeconds` after `adStartedAt`, `contentSeconds` after
 *   `contentStartedAt`).
 * - The advertisement needs the page visible and focused; the content also needs the player
 *   PLAYING, at least half on screen and 200×200 px (ADR 046).
 * - "Close ad" and the completion come when the server has attested the step, never earlier, so
 *   a step's command is never refused and never retried.
 * - A heartbeat refused because the member opened another session pauses this one.
 * - On opening the page, an open session (a reload) continues with what the server attested.
 */
export type WatchPhase =
  | "resuming"
  | "idle"
  | "starting"
  | "ad"
  | "adDone"
  | "startingContent"
  | "content"
  | "completing"
  | "completed"
  | "failed";

/** What the machine needs of a session answer. */
export type SessionTimes = Pick<
  TWatchSession,
  | "id"
  | "status"
  | "adStartedAt"
  | "contentStartedAt"
  | "adSeconds"
  | "contentSeconds"
  | "serverTime"
> &
  Partial<Pick<TWatchSession, "adAttestedMs" | "contentAttestedMs" | "heartbeatSeq">>;

/** Why the timer stands still, in the order the page says it. */
export type PauseReason = "otherSession" | "hidden" | "unfocused" | "offScreen" | "player";

export interface WatchState {
  phase: WatchPhase;
  sessionId: string | null;
  /** Advertisement and content lengths: the server's, the announced figures until it answers. */
  adTotalMs: number;
  contentTotalMs: number;
  /** The advertisement's start on the server's clock (ms since the epoch). */
  adStartedAt: number | null;
  /** The content's start on the server's clock (ms since the epoch). */
  contentStartedAt: number | null;
  /** Server clock minus browser clock, from the last answer. */
  offsetMs: number;
  /** The last heartbeat seq the server accepted, per its last answer (heartbeats go on above). */
  heartbeatSeq: number;
  /** Advertisement shown and content watched so far, as shown (the server's figure, advanced). */
  adMs: number;
  contentMs: number;
  /** What the server attested, per its last answer, and whether that heartbeat qualified. */
  attested: { adMs: number; contentMs: number; qualifying: boolean };
  /** Attended browser time since that answer (the estimate's advance, at most one heartbeat). */
  sinceAttestedMs: number;
  hidden: boolean;
  /** The page does not have the focus (another window or app is in front). */
  unfocused: boolean;
  /** The player is less than half on screen or smaller than 200×200 px. */
  offScreen: boolean;
  /** The player does not report PLAYING (paused, buffering, ended, not started). */
  playerPaused: boolean;
  /** The member opened another session: this one's heartbeats are refused. */
  otherSession: boolean;
  /** An error code or message of the last refusal. */
  error: string | null;
}

export type WatchEvent =
  | { type: "START" }
  /** `at`: the browser time the answer arrived. */
  | { type: "STARTED"; session: SessionTimes; at: number }
  /** The open session found on opening the page, or null when there is none. */
  | { type: "RESUMED"; session: SessionTimes | null; at: number }
  | { type: "FAILED"; error: string }
  /** `now`: the browser's clock; `ms`: browser time since the previous tick. */
  | { type: "TICK"; now: number; ms: number }
  | { type: "VISIBILITY"; hidden: boolean }
  | { type: "ATTENTION"; unfocused?: boolean; offScreen?: boolean }
  | { type: "OTHER_SESSION" }
  /** The video cannot play (the player's error, or its API did not load). */
  | { type: "UNPLAYABLE" }
  | { type: "PLAYER"; paused: boolean }
  | { type: "CLOSE_AD" }
  | { type: "CONTENT_STARTED"; session: SessionTimes; at: number }
  /** A heartbeat's answer: what the server attested so far. */
  | { type: "ATTESTED"; adAttestedMs: number; contentAttestedMs: number; qualifying: boolean }
  /** The server refused the step's command as not attested yet: back to the step, no retry. */
  | { type: "NOT_YET" }
  | { type: "COMPLETED" }
  | { type: "RESET" };

export function initialWatchState({
  hidden = false,
  resuming = false,
}: {
  hidden?: boolean;
  resuming?: boolean;
} = {}): WatchState {
  return {
    phase: resuming ? "resuming" : "idle",
    sessionId: null,
    adTotalMs: VIDEO.adSeconds * 1000,
    contentTotalMs: VIDEO.contentSeconds * 1000,
    adStartedAt: null,
    contentStartedAt: null,
    offsetMs: 0,
    heartbeatSeq: 0,
    adMs: 0,
    contentMs: 0,
    attested: { adMs: 0, contentMs: 0, qualifying: false },
    sinceAttestedMs: 0,
    hidden,
    unfocused: false,
    offScreen: false,
    playerPaused: true,
    otherSession: false,
    error: null,
  };
}

/** Why the running step's timer stands still (the paused warning says it), or null. */
export function pauseReason(state: WatchState): PauseReason | null {
  if (state.phase !== "ad" && state.phase !== "content") return null;
  if (state.otherSession) return "otherSession";
  if (state.hidden) return "hidden";
  if (state.unfocused) return "unfocused";
  if (state.phase === "ad") return null;
  if (state.offScreen) return "offScreen";
  if (state.playerPaused) return "player";
  return null;
}

/** Whether the running step's timer is stopped (the paused warning shows). */
export function isPaused(state: WatchState): boolean {
  return pauseReason(state) !== null;
}

/** Whole seconds left of the advertisement and of the content. */
export function secondsLeft(state: WatchState): { ad: number; content: number } {
  return {
    ad: Math.max(0, Math.ceil((state.adTotalMs - state.adMs) / 1000)),
    content: Math.max(0, Math.ceil((state.contentTotalMs - state.contentMs) / 1000)),
  };
}

const clamp = (value: number, max: number) => Math.max(0, Math.min(max, value));
const instant = (iso: string | null) => (iso ? new Date(iso).getTime() : null);

/** The session's timing from a server answer that arrived at browser time `at`. */
function withSession(state: WatchState, session: SessionTimes, at: number): WatchState {
  return {
    ...state,
    sessionId: session.id,
    adTotalMs: session.adSeconds * 1000,
    contentTotalMs: session.contentSeconds * 1000,
    adStartedAt: instant(session.adStartedAt),
    contentStartedAt: instant(session.contentStartedAt),
    offsetMs: serverOffsetMs(session.serverTime, at),
    heartbeatSeq: Math.max(state.heartbeatSeq, session.heartbeatSeq ?? 0),
    attested: {
      adMs: session.adAttestedMs ?? 0,
      contentMs: session.contentAttestedMs ?? 0,
      qualifying: false,
    },
    sinceAttestedMs: 0,
  };
}

/** The estimate's advance between two answers: at most one heartbeat and a second. */
const MAX_ADVANCE_MS = (ATTENTION.heartbeatSeconds + 1) * 1000;

/** The time shown: the server's figure, plus what was attended since, within the clock's cap. */
function shown(state: WatchState, attestedMs: number, capMs: number, totalMs: number): number {
  const advance = state.attested.qualifying ? state.sinceAttestedMs : 0;
  return clamp(Math.min(attestedMs + advance, capMs), totalMs);
}

/** Advertisement shown by browser time `now`, on the server's clock. */
function adShown(state: WatchState, now: number): number {
  if (state.adStartedAt === null) return 0;
  return clamp(now + state.offsetMs - state.adStartedAt, state.adTotalMs);
}

/** The most content the server can have seen by browser time `now`. */
function contentAllowed(state: WatchState, now: number): number {
  if (state.contentStartedAt === null) return 0;
  return clamp(now + state.offsetMs - state.contentStartedAt, state.contentTotalMs);
}

/** The ad after `ms` more browser time at `now` (attended or not); adDone once attested. */
function inAd(state: WatchState, now: number, ms: number): WatchState {
  const since = isPaused(state) ? state.sinceAttestedMs : state.sinceAttestedMs + Math.max(0, ms);
  const next = { ...state, sinceAttestedMs: Math.min(since, MAX_ADVANCE_MS) };
  const adMs = shown(next, next.attested.adMs, adShown(next, now), next.adTotalMs);
  return {
    ...next,
    adMs,
    phase: next.attested.adMs >= next.adTotalMs ? "adDone" : "ad",
  };
}

/** The content after `ms` more browser time at `now`; completing once attested. */
function inContent(state: WatchState, now: number, ms: number): WatchState {
  const since = isPaused(state) ? state.sinceAttestedMs : state.sinceAttestedMs + Math.max(0, ms);
  const next = { ...state, sinceAttestedMs: Math.min(since, MAX_ADVANCE_MS) };
  return {
    ...next,
    contentMs: shown(next, next.attested.contentMs, contentAllowed(next, now), next.contentTotalMs),
    phase: next.attested.contentMs >= next.contentTotalMs ? "completing" : "content",
  };
}

/** A heartbeat's answer: the shown time starts again from the server's figure. */
function attest(state: WatchState, event: Extract<WatchEvent, { type: "ATTESTED" }>): WatchState {
  const next: WatchState = {
    ...state,
    attested: {
      adMs: event.adAttestedMs,
      contentMs: event.contentAttestedMs,
      qualifying: event.qualifying,
    },
    sinceAttestedMs: 0,
  };
  if (state.phase === "ad") return inAd(next, Number.POSITIVE_INFINITY, 0);
  if (state.phase === "content") return inContent(next, Number.POSITIVE_INFINITY, 0);
  return next;
}

/** A step's command came too early for the server: back to the step until it attests more. */
function notYet(state: WatchState): WatchState {
  if (state.phase === "startingContent") {
    const adMs = Math.min(state.attested.adMs, state.adTotalMs - 1);
    return { ...state, phase: "ad", attested: { ...state.attested, adMs }, adMs };
  }
  if (state.phase === "completing") {
    const contentMs = Math.min(state.attested.contentMs, state.contentTotalMs - 1);
    return { ...state, phase: "content", attested: { ...state.attested, contentMs }, contentMs };
  }
  return state;
}

/** An open session continues where the server's clock and its attested figures say it is. */
function resume(state: WatchState, session: SessionTimes | null, at: number): WatchState {
  if (!session || (session.status !== "AD" && session.status !== "CONTENT")) {
    return { ...state, phase: "idle" };
  }
  const next = withSession(state, session, at);
  if (session.status === "AD") {
    const ad = inAd({ ...next, phase: "ad" }, at, 0);
    // Past its ad already: straight on to the content step.
    return ad.phase === "adDone" ? { ...ad, phase: "startingContent" } : ad;
  }
  return inContent({ ...next, phase: "content", adMs: next.adTotalMs, playerPaused: true }, at, 0);
}

/**
 * The machine. When the page stops attending, the time shown falls back to the server's figure
 * at once: the heartbeat interval in progress will not be credited (ADR 046), so the member never
 * sees time count that the server will not.
 */
export function watchReducer(state: WatchState, event: WatchEvent): WatchState {
  const next = step(state, event);
  if (next === state || isPaused(state) || !isPaused(next)) return next;
  const lost = { ...next, sinceAttestedMs: 0 };
  if (next.phase === "ad") return inAd(lost, Number.POSITIVE_INFINITY, 0);
  if (next.phase === "content") return inContent(lost, Number.POSITIVE_INFINITY, 0);
  return lost;
}

function step(state: WatchState, event: WatchEvent): WatchState {
  switch (event.type) {
    case "START":
      return state.phase === "idle" || state.phase === "failed"
        ? { ...initialWatchState({ hidden: state.hidden }), phase: "starting" }
        : state;
    case "STARTED":
      return state.phase === "starting"
        ? inAd({ ...withSession(state, event.session, event.at), phase: "ad" }, event.at, 0)
        : state;
    case "RESUMED":
      return state.phase === "resuming" ? resume(state, event.session, event.at) : state;
    case "FAILED":
      return { ...state, phase: "failed", error: event.error };
    case "TICK":
      if (state.phase === "ad") return inAd(state, event.now, event.ms);
      if (state.phase === "content") return inContent(state, event.now, event.ms);
      return state;
    case "ATTESTED":
      return attest(state, event);
    case "NOT_YET":
      return notYet(state);
    case "VISIBILITY":
      return { ...state, hidden: event.hidden };
    case "ATTENTION":
      return {
        ...state,
        unfocused: event.unfocused ?? state.unfocused,
        offScreen: event.offScreen ?? state.offScreen,
      };
    case "OTHER_SESSION":
      return { ...state, otherSession: true };
    case "UNPLAYABLE":
      return state.phase === "completed"
        ? state
        : { ...state, phase: "failed", error: "VIDEO_UNPLAYABLE" };
    case "PLAYER":
      return { ...state, playerPaused: event.paused };
    case "CLOSE_AD":
      return state.phase === "adDone" ? { ...state, phase: "startingContent" } : state;
    case "CONTENT_STARTED":
      // Time between the request and the answer does not count as content.
      return state.phase === "startingContent"
        ? {
            ...withSession(state, event.session, event.at),
            phase: "content",
            adMs: state.adTotalMs,
            contentMs: 0,
            attested: {
              adMs: state.adTotalMs,
              contentMs: event.session.contentAttestedMs ?? 0,
              qualifying: false,
            },
            // The player shows from "startingContent" on: it may report PLAYING before this
            // answer, and keeps its state.
          }
        : state;
    case "COMPLETED":
      return state.phase === "completing" ? { ...state, phase: "completed" } : state;
    case "RESET":
      return { ...initialWatchState({ hidden: state.hidden }), unfocused: state.unfocused };
  }
}
