import { ATTENTION } from "@viewvault/shared";
import { type Dispatch, type RefObject, useEffect } from "react";
import { ApiError } from "@/lib/api-client";
import { sendHeartbeat } from "../api/watch-session";
import type { WatchEvent, WatchPhase } from "../watch-machine";
import type { PlayerEvidence } from "./use-player-evidence";
import { pageFocused } from "./use-watch-clock";

/** The step a phase shows: the ad until the content starts, the content until it is completed. */
export function heartbeatStep(phase: WatchPhase): "ad" | "content" | null {
  if (phase === "ad" || phase === "adDone" || phase === "startingContent") return "ad";
  if (phase === "content" || phase === "completing") return "content";
  return null;
}

/**
 * The heartbeats (ADR 046): one when a step starts, then every ATTENTION.heartbeatSeconds, as long
 * as the step is shown, each with the page's evidence. A heartbeat refused because another
 * session of the member's is the one watching pauses this one.
 */
export function useHeartbeats({
  step,
  sessionId,
  evidence,
  seq,
  dispatch,
}: {
  step: "ad" | "content" | null;
  sessionId: string | null;
  evidence: RefObject<PlayerEvidence>;
  /** The last sequence number sent (a resumed session continues from the server's). */
  seq: RefObject<number>;
  dispatch: Dispatch<WatchEvent>;
}) {
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
  }, [step, sessionId, evidence, seq, dispatch]);
}
