import { useQueryClient } from "@tanstack/react-query";
import type { TWatchSession } from "@viewvault/shared";
import { type Dispatch, type RefObject, useEffect } from "react";
import { ApiError } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useCurrentWatchSession } from "../api/get-current-session";
import { completeWatchSession, startContent, startWatchSession } from "../api/watch-session";
import type { WatchEvent, WatchPhase } from "../watch-machine";

/** The server has not attested the step yet (its clock or its heartbeats). */
function notYet(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "SESSION_TOO_EARLY" || error.code === "ATTENTION_NOT_PROVEN")
  );
}

function errorCode(error: unknown): string {
  return error instanceof ApiError ? error.code : "UNKNOWN";
}

/** A session left open (a reload) continues from the server's timestamps. */
export function useResumeSession({
  videoId,
  resume,
  phase,
  solveFor,
  dispatch,
}: {
  videoId: string;
  resume: boolean;
  phase: WatchPhase;
  solveFor: (session: TWatchSession | null) => void;
  dispatch: Dispatch<WatchEvent>;
}) {
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
    dispatch,
  ]);
}

/**
 * The server call of each step: start the session, start the content, complete. The machine asks
 * for a step only once the server attested it (ADR 064); should the server still say it is too
 * early, the step goes on until the next heartbeat's answer — a refused call is never repeated.
 */
export function useSessionCalls({
  videoId,
  phase,
  sessionId,
  solveFor,
  proof,
  onCompleted,
  dispatch,
}: {
  videoId: string;
  phase: WatchPhase;
  sessionId: string | null;
  solveFor: (session: TWatchSession | null) => void;
  /** The challenge's answer and the human check's token, once both are there. */
  proof: () => Promise<[string | null, string | undefined]>;
  onCompleted: RefObject<() => void>;
  dispatch: Dispatch<WatchEvent>;
}) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let cancelled = false;
    const failed = (error: unknown) => {
      if (cancelled) return;
      if (notYet(error)) dispatch({ type: "NOT_YET" });
      else dispatch({ type: "FAILED", error: errorCode(error) });
    };
    if (phase === "starting") {
      startWatchSession(videoId).then(
        (session) => !cancelled && dispatch({ type: "STARTED", session, at: Date.now() }),
        failed,
      );
    } else if (phase === "startingContent" && sessionId) {
      startContent(sessionId).then((session) => {
        if (cancelled) return;
        solveFor(session);
        dispatch({ type: "CONTENT_STARTED", session, at: Date.now() });
      }, failed);
    } else if (phase === "completing" && sessionId) {
      proof()
        .then(([answer, token]) => completeWatchSession(sessionId, answer ?? "", token))
        .then((result) => {
          queryClient.setQueryData(balancesQueryKey, result.balances);
          if (cancelled) return;
          dispatch({ type: "COMPLETED" });
          onCompleted.current();
        }, failed);
    }
    return () => {
      cancelled = true;
    };
  }, [phase, sessionId, videoId, queryClient, solveFor, proof, onCompleted, dispatch]);
}
