import { ATTENTION, type TWatchHeartbeatResult } from "@viewvault/shared";
import { type Dispatch, type RefObject, useEffect, useRef } from "react";
import { ApiError } from "@/lib/api-client";
import { sendHeartbeat } from "../api/watch-session";
import type { WatchEvent, WatchPhase } from "../watch-machine";
import type { PlayerEvidence } from "./use-player-evidence";
import { pageFocused } from "./use-watch-clock";

const EVERY_MS = ATTENTION.heartbeatSeconds * 1000;
/** Past the attested time that closes the step (the server counts between arrivals). */
const MARGIN_MS = 250;
/** Never closer than the server's minimum gap, with room for the network's jitter. */
const SOONEST_MS = ATTENTION.minHeartbeatGapMs + 500;

/** The step a phase shows: the ad until the content starts, the content until it is completed. */
export function heartbeatStep(phase: WatchPhase): "ad" | "content" | null {
  if (phase === "ad" || phase === "adDone" || phase === "startingContent") return "ad";
  if (phase === "content" || phase === "completing") return "content";
  return null;
}

/**
 * When the next heartbeat goes, in ms after the last one was sent: every heartbeatSeconds, but
 * the one that completes the step as soon as the server can count it (the step's remaining
 * attested time after the last answer), and never closer than the server's minimum gap.
 */
export function nextBeatDelay(remainingMs: number): number {
  if (remainingMs <= 0 || remainingMs >= EVERY_MS) return EVERY_MS;
  return Math.max(SOONEST_MS, remainingMs + MARGIN_MS);
}

/**
 * The heartbeats (ADR 046, ADR 064): the first when the step starts (a moment later for a session
 * continued after a reload), then every
 * ATTENTION.heartbeatSeconds while the step is shown, each with the page's evidence; each answer
 * (the server's attested time) goes to the machine. The one that completes the step is sent when
 * the server can count it, and one goes as soon as the page attends again (the player starts
 * playing, the page is back in front) so the server counts from then. A heartbeat refused because
 * another session of the member's is the one watching pauses this one.
 */
export function useHeartbeats({
  step,
  sessionId,
  attending,
  evidence,
  seq,
  dispatch,
}: {
  step: "ad" | "content" | null;
  sessionId: string | null;
  /** The page attends (the machine's timer runs): a change to true sends a heartbeat soon. */
  attending: boolean;
  evidence: RefObject<PlayerEvidence>;
  /** The last sequence number sent (a resumed session continues from the server's). */
  seq: RefObject<number>;
  dispatch: Dispatch<WatchEvent>;
}) {
  const nudge = useRef<() => void>(() => undefined);
  const hadStep = useRef(false);
  useEffect(() => {
    if (!step || !sessionId) return;
    // A session continued after a reload: its last heartbeat may be moments old, and the server
    // refuses one closer than its minimum gap; the time in between still counts.
    const continuing = !hadStep.current && seq.current > 0;
    hadStep.current = true;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let sentAt = 0;
    const schedule = (delayMs: number) => {
      clearTimeout(timer);
      timer = setTimeout(beat, Math.max(0, sentAt + delayMs - Date.now()));
    };
    const onAnswer = (result: TWatchHeartbeatResult) => {
      if (stopped) return;
      dispatch({
        type: "ATTESTED",
        adAttestedMs: result.adAttestedMs,
        contentAttestedMs: result.contentAttestedMs,
        qualifying: result.qualifying,
      });
      const needed = step === "ad" ? ATTENTION.adSeconds : ATTENTION.contentSeconds;
      const attested = step === "ad" ? result.adAttestedMs : result.contentAttestedMs;
      if (result.qualifying) schedule(nextBeatDelay(needed * 1000 - attested));
    };
    const beat = () => {
      const e = evidence.current;
      seq.current += 1;
      sentAt = Date.now();
      schedule(EVERY_MS);
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
      }).then(onAnswer, (error: unknown) => {
        if (stopped) return;
        if (error instanceof ApiError && error.code === "HEARTBEAT_REJECTED") {
          if (error.params?.context === "otherSession") dispatch({ type: "OTHER_SESSION" });
        }
      });
    };
    nudge.current = () => schedule(SOONEST_MS);
    if (continuing) {
      sentAt = Date.now();
      schedule(SOONEST_MS);
    } else {
      beat();
    }
    return () => {
      stopped = true;
      clearTimeout(timer);
      nudge.current = () => undefined;
    };
  }, [step, sessionId, evidence, seq, dispatch]);

  const wasAttending = useRef(attending);
  useEffect(() => {
    if (attending && !wasAttending.current) nudge.current();
    wasAttending.current = attending;
  }, [attending]);
}
