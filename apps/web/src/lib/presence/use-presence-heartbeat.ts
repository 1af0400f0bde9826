import { PRESENCE } from "@viewvault/shared";
import { useEffect } from "react";
import { sendOfflineBeacon, sendPresence } from "./presence";

/**
 * While a member is signed in: online on load, a heartbeat every PRESENCE.heartbeatSeconds while
 * the tab is visible, offline (a beacon) when it is hidden or unloaded; online again when it
 * comes back. The server forgets a silent member after PRESENCE.offlineAfterSeconds.
 */
export function usePresenceHeartbeat(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn || typeof document === "undefined") return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const beat = () => void sendPresence("online").catch(() => undefined);
    const start = () => {
      if (timer) return;
      beat();
      timer = setInterval(beat, PRESENCE.heartbeatSeconds * 1000);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") start();
      else {
        stop();
        sendOfflineBeacon();
      }
    };
    const onPageHide = () => {
      stop();
      sendOfflineBeacon();
    };
    if (document.visibilityState === "visible") start();
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [signedIn]);
}
