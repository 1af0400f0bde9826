import type { PlayerState } from "@viewvault/shared";
import { type RefObject, useEffect, useRef } from "react";

/** The part of the IFrame Player API the watch page uses (YouTube's, or the journeys' stand-in). */
export interface YTPlayer {
  getPlayerState(): number;
  getCurrentTime(): number;
  destroy(): void;
}
interface YTNamespace {
  Player: new (
    element: HTMLIFrameElement,
    options: {
      events: {
        onReady?: () => void;
        onStateChange?: (event: { data: number }) => void;
        onError?: (event: { data: number }) => void;
      };
    },
  ) => YTPlayer;
}
declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

/** YT.PlayerState numbers → names (−1 unstarted, 0 ended, 1 playing, 2 paused, 3 buffering, 5 cued). */
export function playerStateName(code: number): PlayerState {
  switch (code) {
    case 0:
      return "ended";
    case 1:
      return "playing";
    case 2:
      return "paused";
    case 3:
      return "buffering";
    case 5:
      return "cued";
    default:
      return "unstarted";
  }
}

/** The API script did not load: reported as error code 0 (ADR 046). */
export const API_FAILED = 0;
const API_TIMEOUT_MS = 15_000;
let apiPromise: Promise<YTNamespace | null> | null = null;

/** Loads the IFrame Player API once from `url`; resolves null when it cannot load. */
function loadApi(url: string): Promise<YTNamespace | null> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  apiPromise ??= new Promise((resolve) => {
    const fail = () => {
      apiPromise = null;
      resolve(null);
    };
    const timer = setTimeout(fail, API_TIMEOUT_MS);
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      clearTimeout(timer);
      resolve(window.YT ?? null);
    };
    const script = document.createElement("script");
    script.src = url;
    script.async = true;
    script.onerror = () => {
      clearTimeout(timer);
      fail();
    };
    document.head.appendChild(script);
  });
  return apiPromise;
}

/**
 * Follows the embedded player through the IFrame Player API (ADR 046): its state
 * (`onStateChange`), an error that means the video cannot play here (`onError` with the
 * player's code, or 0 when the API's script did not load), and a handle to read its position
 * for the heartbeats. The content's timer runs only on PLAYING, so without the API nothing counts.
 */
export function useYoutubePlayer(
  iframe: RefObject<HTMLIFrameElement | null>,
  apiUrl: string | undefined,
  handlers: { onStateChange: (state: PlayerState) => void; onError: (code: number) => void },
): RefObject<YTPlayer | null> {
  const callbacks = useRef(handlers);
  callbacks.current = handlers;
  const player = useRef<YTPlayer | null>(null);
  useEffect(() => {
    if (!apiUrl) return;
    let cancelled = false;
    void loadApi(apiUrl).then((YT) => {
      const element = iframe.current;
      if (cancelled || !element) return;
      if (!YT) {
        callbacks.current.onError(API_FAILED);
        return;
      }
      try {
        player.current = new YT.Player(element, {
          events: {
            onStateChange: (event) => callbacks.current.onStateChange(playerStateName(event.data)),
            onError: (event) => callbacks.current.onError(event.data),
          },
        });
      } catch {
        callbacks.current.onError(API_FAILED);
      }
    });
    return () => {
      cancelled = true;
      try {
        player.current?.destroy();
      } catch {
        // The iframe may already be gone.
      }
      player.current = null;
    };
  }, [apiUrl, iframe]);
  return player;
}
