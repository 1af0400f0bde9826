import { ATTENTION, type PlayerState } from "@viewvault/shared";
import { type Dispatch, useCallback, useRef } from "react";
import type { WatchEvent } from "../watch-machine";
import type { YTPlayer } from "./use-youtube-player";

/** What the page knows of the player, for the heartbeats (the player component fills it). */
export interface PlayerEvidence {
  player: YTPlayer | null;
  state: PlayerState;
  visibleRatio: number;
  width: number;
  height: number;
}

/**
 * The player's evidence for the heartbeats, and the callbacks the player component reports it
 * through: its state (a pause stops the content), its share on screen and size (too little
 * stops it too) and the player itself (its position).
 */
export function usePlayerEvidence(dispatch: Dispatch<WatchEvent>) {
  const evidence = useRef<PlayerEvidence>({
    player: null,
    state: "unstarted",
    visibleRatio: 0,
    width: 0,
    height: 0,
  });
  const onPlayerState = useCallback(
    (playerState: PlayerState) => {
      evidence.current.state = playerState;
      dispatch({ type: "PLAYER", paused: playerState !== "playing" });
    },
    [dispatch],
  );
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
    [dispatch],
  );
  const onPlayer = useCallback((player: YTPlayer | null) => {
    evidence.current.player = player;
  }, []);
  return { evidence, onPlayerState, onPlacement, onPlayer };
}
