import { type RefObject, useEffect, useRef } from "react";

interface YTPlayer {
  destroy(): void;
}
interface YTNamespace {
  Player: new (
    element: HTMLIFrameElement,
    options: { events: { onStateChange: (event: { data: number }) => void } },
  ) => YTPlayer;
}
declare global {
  interface Window {
    YT?: YTNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

const API_URL = "https://www.youtube.com/iframe_api";
const PAUSED = 2;
let apiPromise: Promise<YTNamespace | null> | null = null;

/** Loads YouTube's IFrame Player API once; resolves null when it cannot load (offline). */
function loadApi(): Promise<YTNamespace | null> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  apiPromise ??= new Promise((resolve) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      resolve(window.YT ?? null);
    };
    const script = document.createElement("script");
    script.src = API_URL;
    script.async = true;
    script.onerror = () => {
      apiPromise = null;
      resolve(null);
    };
    document.head.appendChild(script);
  });
  return apiPromise;
}

/**
 * Follows the embedded player's state through the IFrame Player API: `onPausedChange(true)`
 * when the member pauses it. Without the API (blocked or offline) nothing is reported, so the
 * session's timer never depends on YouTube's script.
 */
export function useYoutubePlayer(
  iframe: RefObject<HTMLIFrameElement | null>,
  enabled: boolean,
  onPausedChange: (paused: boolean) => void,
) {
  const callback = useRef(onPausedChange);
  callback.current = onPausedChange;
  useEffect(() => {
    if (!enabled) return;
    let player: YTPlayer | null = null;
    let cancelled = false;
    void loadApi().then((YT) => {
      const element = iframe.current;
      if (cancelled || !YT || !element) return;
      try {
        player = new YT.Player(element, {
          events: { onStateChange: (event) => callback.current(event.data === PAUSED) },
        });
      } catch {
        player = null;
      }
    });
    return () => {
      cancelled = true;
      try {
        player?.destroy();
      } catch {
        // The iframe may already be gone.
      }
    };
  }, [enabled, iframe]);
}
