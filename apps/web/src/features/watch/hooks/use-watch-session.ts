import { useCallback, useReducer, useRef } from "react";
import { reportUnplayable } from "../api/watch-session";
import { initialWatchState, isPaused, watchReducer } from "../watch-machine";
import { heartbeatStep, useHeartbeats } from "./use-heartbeats";
import { usePlayerEvidence } from "./use-player-evidence";
import { useResumeSession, useSessionCalls } from "./use-session-calls";
import { useSessionProof } from "./use-session-proof";
import { usePageAttention, useWatchTicker } from "./use-watch-clock";

/**
 * Drives one watch session: the machine's timers (on the server's clock; tab visibility and the
 * player's pause state stop the content) and the server calls at each step. On opening the page
 * it asks for the member's open session on this video (`resume`; off for one's own video) and
 * continues it.
 *
 * Proof of attention (ADR 046): while the ad or the content is shown, heartbeats tell the server
 * the page's evidence; the session's challenge is solved while the content plays and sent with
 * the completion. A video that cannot play is reported and pays nothing.
 */
export function useWatchSession(
  videoId: string,
  onCompleted: () => void,
  { resume = true, onReported }: { resume?: boolean; onReported?: () => void } = {},
) {
  const [state, dispatch] = useReducer(watchReducer, undefined, () =>
    initialWatchState({
      hidden: typeof document !== "undefined" && document.visibilityState === "hidden",
      resuming: resume,
    }),
  );
  const completed = useRef(onCompleted);
  completed.current = onCompleted;
  const seq = useRef(0);
  const reported = useRef(false);
  const reportedRef = useRef(onReported);
  reportedRef.current = onReported;
  const { phase, sessionId } = state;
  seq.current = Math.max(seq.current, state.heartbeatSeq);

  usePageAttention(dispatch);
  const { evidence, onPlayerState, onPlacement, onPlayer } = usePlayerEvidence(dispatch);
  const { captcha, solveFor, onCaptchaToken, proof } = useSessionProof();
  useResumeSession({ videoId, resume, phase, solveFor, dispatch });
  useHeartbeats({
    step: heartbeatStep(phase),
    sessionId,
    attending: !isPaused(state),
    evidence,
    seq,
    dispatch,
  });
  useWatchTicker(phase === "ad" || phase === "content", dispatch);
  useSessionCalls({ videoId, phase, sessionId, solveFor, proof, onCompleted: completed, dispatch });

  const start = useCallback(() => dispatch({ type: "START" }), []);
  const closeAd = useCallback(() => dispatch({ type: "CLOSE_AD" }), []);
  /** The video cannot play here: say so, pay nothing, and report it (once per page). */
  const onUnplayable = useCallback(
    (code: number) => {
      dispatch({ type: "UNPLAYABLE" });
      if (reported.current) return;
      reported.current = true;
      reportUnplayable(videoId, code).then(reportedRef.current, () => undefined);
    },
    [videoId],
  );
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
