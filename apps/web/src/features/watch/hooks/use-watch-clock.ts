import { type Dispatch, useEffect } from "react";
import type { WatchEvent } from "../watch-machine";

const TICK_MS = 250;

export const pageFocused = () => typeof document !== "undefined" && document.hasFocus();

/** The page's visibility and focus, as the machine's pause reasons. */
export function usePageAttention(dispatch: Dispatch<WatchEvent>) {
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
  }, [dispatch]);
}

/** The machine's clock: a tick every TICK_MS while the ad or the content counts down. */
export function useWatchTicker(ticking: boolean, dispatch: Dispatch<WatchEvent>) {
  useEffect(() => {
    if (!ticking) return;
    let last = Date.now();
    const id = setInterval(() => {
      const now = Date.now();
      dispatch({ type: "TICK", now, ms: now - last });
      last = now;
    }, TICK_MS);
    return () => clearInterval(id);
  }, [ticking, dispatch]);
}
