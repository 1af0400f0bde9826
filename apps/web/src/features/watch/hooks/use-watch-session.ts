import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { ApiError } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useCurrentWatchSession } from "../api/get-current-session";
import { completeWatchSession, startContent, startWatchSession } from "../api/watch-session";
import { initialWatchState, watchReducer } from "../watch-machine";

const TICK_MS = 250;
const RETRIES = 8;

function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : "UNKNOWN";
}

/**
 * Drives one watch session: the machine's timers (on the server's clock; tab visibility and the
 * player's pause state stop the content) and the server calls at each step. On opening the page
 * it asks for the member's open session on this video (`resume`; off for one's own video) and
 * continues it. When the server says a step came too early (its clock has the last word) the
 * call is retried a moment later.
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

  useEffect(() => {
    const onVisibility = () =>
      dispatch({ type: "VISIBILITY", hidden: document.visibilityState === "hidden" });
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  const { phase, sessionId } = state;

  // A session left open (a reload) continues from the server's timestamps.
  const current = useCurrentWatchSession(videoId, resume && phase === "resuming");
  useEffect(() => {
    if (phase !== "resuming") return;
    if (current.isError) dispatch({ type: "RESUMED", session: null, at: Date.now() });
    else if (current.isSuccess && current.isFetchedAfterMount)
      dispatch({ type: "RESUMED", session: current.data, at: current.dataUpdatedAt });
  }, [
    phase,
    current.isError,
    current.isSuccess,
    current.isFetchedAfterMount,
    current.data,
    current.dataUpdatedAt,
  ]);

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
        if (error instanceof ApiError && error.code === "SESSION_TOO_EARLY" && tries < RETRIES) {
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
        (session) => !cancelled && dispatch({ type: "CONTENT_STARTED", session, at: Date.now() }),
        (error) => !cancelled && dispatch({ type: "FAILED", error: errorCode(error) }),
      );
    } else if (phase === "completing" && sessionId) {
      attempt(() => completeWatchSession(sessionId)).then(
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
  }, [phase, sessionId, videoId, queryClient]);

  const start = useCallback(() => dispatch({ type: "START" }), []);
  const closeAd = useCallback(() => dispatch({ type: "CLOSE_AD" }), []);
  const setPlayerPaused = useCallback(
    (paused: boolean) => dispatch({ type: "PLAYER", paused }),
    [],
  );
  return { state, start, closeAd, setPlayerPaused };
}
