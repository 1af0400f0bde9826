/**
 * The watch page's state machine (pure, so it is unit-tested): idle → starting → ad → adDone →
 * startingContent → content → completing → completed, or failed. The ad and the content only
 * advance while the tab is visible; the content also stops while the player is paused. The
 * server times the session too and has the last word.
 */
export type WatchPhase =
  | "idle"
  | "starting"
  | "ad"
  | "adDone"
  | "startingContent"
  | "content"
  | "completing"
  | "completed"
  | "failed";

export interface WatchState {
  phase: WatchPhase;
  sessionId: string | null;
  adMs: number;
  contentMs: number;
  hidden: boolean;
  playerPaused: boolean;
  /** An error code or message of the last refusal. */
  error: string | null;
}

export type WatchEvent =
  | { type: "START" }
  | { type: "STARTED"; sessionId: string }
  | { type: "FAILED"; error: string }
  | { type: "TICK"; ms: number }
  | { type: "VISIBILITY"; hidden: boolean }
  | { type: "PLAYER"; paused: boolean }
  | { type: "CLOSE_AD" }
  | { type: "CONTENT_STARTED" }
  | { type: "COMPLETED" }
  | { type: "RESET" };

export const AD_MS = 30_000;
export const CONTENT_MS = 30_000;

export function initialWatchState(hidden = false): WatchState {
  return {
    phase: "idle",
    sessionId: null,
    adMs: 0,
    contentMs: 0,
    hidden,
    playerPaused: false,
    error: null,
  };
}

/** Whether the timers are stopped by the tab or the player (the paused warning shows). */
export function isPaused(state: WatchState): boolean {
  if (state.phase === "ad") return state.hidden;
  if (state.phase === "content") return state.hidden || state.playerPaused;
  return false;
}

export function watchReducer(state: WatchState, event: WatchEvent): WatchState {
  switch (event.type) {
    case "START":
      return state.phase === "idle" || state.phase === "failed"
        ? { ...initialWatchState(state.hidden), phase: "starting" }
        : state;
    case "STARTED":
      return state.phase === "starting"
        ? { ...state, phase: "ad", sessionId: event.sessionId, adMs: 0 }
        : state;
    case "FAILED":
      return { ...state, phase: "failed", error: event.error };
    case "TICK": {
      if (isPaused(state) || event.ms <= 0) return state;
      if (state.phase === "ad") {
        const adMs = Math.min(AD_MS, state.adMs + event.ms);
        return { ...state, adMs, phase: adMs >= AD_MS ? "adDone" : "ad" };
      }
      if (state.phase === "content") {
        const contentMs = Math.min(CONTENT_MS, state.contentMs + event.ms);
        return { ...state, contentMs, phase: contentMs >= CONTENT_MS ? "completing" : "content" };
      }
      return state;
    }
    case "VISIBILITY":
      return { ...state, hidden: event.hidden };
    case "PLAYER":
      return { ...state, playerPaused: event.paused };
    case "CLOSE_AD":
      return state.phase === "adDone" ? { ...state, phase: "startingContent" } : state;
    case "CONTENT_STARTED":
      return state.phase === "startingContent"
        ? { ...state, phase: "content", contentMs: 0, playerPaused: false }
        : state;
    case "COMPLETED":
      return state.phase === "completing" ? { ...state, phase: "completed" } : state;
    case "RESET":
      return initialWatchState(state.hidden);
  }
}
