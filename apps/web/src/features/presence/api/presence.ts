import { useQuery } from "@tanstack/react-query";
import { PRESENCE, type TPresence } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export const PRESENCE_URL = "/api/presence";

/** POST /api/presence: online (load, heartbeat) or offline. */
export function sendPresence(state: "online" | "offline"): Promise<void> {
  return api.post<void>(PRESENCE_URL, { state });
}

/**
 * Offline on hide or unload: a beacon still leaves while the page goes away (cookies included,
 * same origin); a plain request when beacons are missing.
 */
export function sendOfflineBeacon(): void {
  const body = new Blob([JSON.stringify({ state: "offline" })], { type: "application/json" });
  if (typeof navigator !== "undefined" && navigator.sendBeacon?.(PRESENCE_URL, body)) return;
  void sendPresence("offline").catch(() => undefined);
}

/** Which of these members are online; refreshed at the heartbeat's pace. */
export function useOnline(profileIds: string[]) {
  const ids = [...new Set(profileIds)].sort();
  return useQuery({
    queryKey: ["presence", ids.join(",")],
    queryFn: async () =>
      new Set((await api.get<TPresence>(PRESENCE_URL, { query: { ids: ids.join(",") } })).online),
    enabled: ids.length > 0,
    refetchInterval: PRESENCE.heartbeatSeconds * 1000,
    staleTime: PRESENCE.heartbeatSeconds * 1000,
  });
}
