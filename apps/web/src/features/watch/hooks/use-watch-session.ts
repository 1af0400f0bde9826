import { useQueryClient } from "@tanstack/react-query";
import { ATTENTION, type PlayerState, type TWatchSession } from "@viewvault/shared";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { ApiError } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useCurrentWatchSession } from "../api/get-current-session";
import {
  completeWatchSession,
  reportUnplayable,
  sendHeartbeat,
  startContent,
  startWatchSession,
} from "../api/watch-session";
import { solveChallenge } from "../solve-challenge";
import { initialWatchState, watchReducer } from "../watch-machine";
import type { YTPlayer } from "./use-youtube-player";

const TICK_MS = 250;
const RETRIES = 8;
/** A step the server has not attested yet is retried this often while the heartbeats go on. */
const ATTENTION_RETRIES = 40;

/** What the page knows of the player, for the heartbeats (the player component fills it). */
export interface PlayerEvidence {
  player: YTPlayer | null;
  state: PlayerState;
  visibleRatio: number;
  width: number;
  height: number;
}

function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : "UNKNOWN";
}

const pageFocused = () => typeof document !== "undefined" && document.hasFocus();

/**
 * Drives one watch session: the machine's timers (on the server's clock; tab visibility and the
 * player's pause state stop the content) and the server calls at each step. On opening the page
 * it asks for the member's open session on this video (`resume`; off for one's own video) and
 * continues it. When the server says a step came too early (its clock has the last word) or
 * its heartbeats have not attested it yet, the call is retried a moment later.
 *
 * Proof of attention (ADR 046): while the ad or the content is shown, a heartbeat every
 * ATTENTION.heartbeatSeconds tells the server the page's evidence (visible, focused, the
 * player's state, position, share on screen and size); the session's challenge is solved in a
 * Web Worker while the content plays and sent with the completion. A video that cannot play is
 * reported and pays nothing.
 */
export function useWatchSession(
  videoId: string,
  onCompleted: () => void,
  { resume = true }: { resume?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(watchReducer, undefined, () =>
    initialWatchState({
      hidden: typeof document !== "undefined" && document.visibilityState === "hidden",
      resuming: resume,
    }),
  );
  const completed = useRef(onCompleted);
  completed.current = onCompleted;
  const evidence = useRef<PlayerEvidence>({
    player: null,
    state: "unstarted",
    visibleRatio: 0,
    width: 0,
    height: 0,
  });
  const seq = useRef(0);
  const solution = useRef<{ promise: Promise<string | null>; stop(): void } | null>(null);
  const reported = useRef(false);
  // The human check a high-risk member passes where configured (ADR 046): its widget is shown
  // while the content plays and the completion waits for its token.
  const [captcha, setCaptcha] = useState<TWatchSession["captcha"]>(null);
  const captchaToken = useRef<{ token: string | null; waiters: Array<(t: string) => void> }>({
    token: null,
    waiters: [],
  });

  useEffect(() => {
    const onVisibility = () =>
      dispatch({ type: "VISIBILITY", hidden: document.visibilityState === "hidden" });
    const onFocus = () => dispatch({ type: "ATTENTION", unfocused: !pageFocused() });
    onFocus();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("focus", onFocus);
    window.addEventListener("blur", onFocus);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("focus", onFocus);
      window.removeEventListener("blur", onFocus);
    };
  }, []);

  const { phase, sessionId } = state;
  seq.current = Math.max(seq.current, state.heartbeatSeq);

  /** Starts solving the session's challenge (once per challenge) while the content plays. */
  const solveFor = useCallback((session: TWatchSession | null) => {
    setCaptcha(session?.captcha ?? null);
    if (!session?.challenge) return;
    solution.current?.stop();
    solution.current = solveChallenge(session.challenge);
  }, []);

  // A session left open (a reload) continues from the server's timestamps.
  const current = useCurrentWatchSession(videoId, resume && phase === "resuming");
  useEffect(() => {
    if (phase !== "resuming") return;
    if (current.isError) dispatch({ type: "RESUMED", session: null, at: Date.now() });
    else if (current.isSuccess && current.isFetchedAfterMount) {
      solveFor(current.data);
      dispatch({ type: "RESUMED", session: current.data, at: current.dataUpdatedAt });
    }
  }, [
    phase,
    current.isError,
    current.isSuccess,
    current.isFetchedAfterMount,
    current.data,
    current.dataUpdatedAt,
    solveFor,
  ]);

  // The heartbeats: one when a step starts, then every ATTENTION.heartbeatSeconds, as long as the
  // step is shown (the ad until the content starts; the content until it is completed).
  const step =
    phase === "ad" || phase === "adDone" || phase === "startingContent"
      ? "ad"
      : phase === "content" || phase === "completing"
        ? "content"
        : null;
  useEffect(() => {
    if (!step || !sessionId) return;
    let stopped = false;
    const beat = () => {
      const e = evidence.current;
      seq.current += 1;
      sendHeartbeat(sessionId, {
        step,
        seq: seq.current,
        playerState: step === "ad" ? "unstarted" : e.state,
        positionSeconds: step === "ad" ? 0 : Math.max(0, e.player?.getCurrentTime?.() ?? 0),
        visible: document.visibilityState === "visible",
        focused: pageFocused(),
        visibleRatio: e.visibleRatio,
        playerWidth: Math.round(e.width),
        playerHeight: Math.round(e.height),
      }).catch((error: unknown) => {
        if (stopped) return;
        if (error instanceof ApiError && error.code === "HEARTBEAT_REJECTED") {
          if (error.params?.context === "otherSession") dispatch({ type: "OTHER_SESSION" });
        }
      });
    };
    beat();
    const id = setInterval(beat, ATTENTION.heartbeatSeconds * 1000);
    return () => {
      stopped = true;
      clearInterval(id);
    };
  }, [step, sessionId]);

  const ticking = phase === "ad" || phase === "content";
  useEffect(() => {
    if (!ticking) return;
    let last = Date.now();
    const id = setInterval(() => {
      const now = Date.now();
      dispatch({ type: "TICK", now, ms: now - last });
      last = now;
    }, TICK_MS);
    return () => clearInterval(id);
  }, [ticking]);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function attempt<T>(call: () => Promise<T>, tries = 0): Promise<T> {
      try {
        return await call();
      } catch (error) {
        const retry =
          error instanceof ApiError &&
          ((error.code === "SESSION_TOO_EARLY" && tries < RETRIES) ||
            (error.code === "ATTENTION_NOT_PROVEN" && tries < ATTENTION_RETRIES));
        if (retry) {
          await new Promise((resolve) => {
            timer = setTimeout(resolve, 1_000);
          });
          if (cancelled) throw error;
          return attempt(call, tries + 1);
        }
        throw error;
      }
    }
    if (phase === "starting") {
      startWatchSession(videoId).then(
        (session) => !cancelled && dispatch({ type: "STARTED", session, at: Date.now() }),
        (error) => !cancelled && dispatch({ type: "FAILED", error: errorCode(error) }),
      );
    } else if (phase === "startingContent" && sessionId) {
      attempt(() => startContent(sessionId)).then(
        (session) => {
          if (cancelled) return;
          solveFor(session);
          dispatch({ type: "CONTENT_STARTED", session, at: Date.now() });
        },
        (error) => !cancelled && dispatch({ type: "FAILED", error: errorCode(error) }),
      );
    } else if (phase === "completing" && sessionId) {
      const solved = solution.current?.promise ?? Promise.resolve(null);
      const human = captcha
        ? new Promise<string>((resolve) => {
            const c = captchaToken.current;
            if (c.token) resolve(c.token);
            else c.waiters.push(resolve);
          })
        : Promise.resolve(undefined);
      Promise.all([solved, human])
        .then(([answer, token]) =>
          attempt(() => completeWatchSession(sessionId, answer ?? "", token)),
        )
        .then(
          (result) => {
            queryClient.setQueryData(balancesQueryKey, result.balances);
            if (cancelled) return;
            dispatch({ type: "COMPLETED" });
            completed.current();
          },
          (error) => !cancelled && dispatch({ type: "FAILED", error: errorCode(error) }),
        );
    }
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [phase, sessionId, videoId, queryClient, solveFor, captcha]);

  useEffect(() => () => solution.current?.stop(), []);

  const start = useCallback(() => dispatch({ type: "START" }), []);
  const closeAd = useCallback(() => dispatch({ type: "CLOSE_AD" }), []);
  const onPlayerState = useCallback((playerState: PlayerState) => {
    evidence.current.state = playerState;
    dispatch({ type: "PLAYER", paused: playerState !== "playing" });
  }, []);
  const onPlacement = useCallback(
    (placement: { visibleRatio: number; width: number; height: number }) => {
      Object.assign(evidence.current, placement);
      dispatch({
        type: "ATTENTION",
        offScreen:
          placement.visibleRatio < ATTENTION.minVisibleRatio ||
          placement.width < ATTENTION.minPlayerPx ||
          placement.height < ATTENTION.minPlayerPx,
      });
    },
    [],
  );
  const onPlayer = useCallback((player: YTPlayer | null) => {
    evidence.current.player = player;
  }, []);
  /** The video cannot play here: say so, pay nothing, and report it (once per page). */
  const onUnplayable = useCallback(
    (code: number) => {
      dispatch({ type: "UNPLAYABLE" });
      if (reported.current) return;
      reported.current = true;
      reportUnplayable(videoId, code).catch(() => undefined);
    },
    [videoId],
  );
  /** The widget's token (null once it expired): a waiting completion goes on with it. */
  const onCaptchaToken = useCallback((token: string | null) => {
    const c = captchaToken.current;
    c.token = token;
    if (!token) return;
    for (const resolve of c.waiters.splice(0)) resolve(token);
  }, []);
  return {
    state,
    start,
    closeAd,
    onPlayerState,
    onPlacement,
    onPlayer,
    onUnplayable,
    captcha,
    onCaptchaToken,
  };
}
