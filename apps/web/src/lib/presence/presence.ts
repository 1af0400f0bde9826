import { useQuery } from "@tanstack/react-query";
import { PRESENCE, type TPresence } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export const PRESENCE_URL = "/api/presence";

/** POST /api/presence: online (load, heartbeat) or offline. */
export function sendPresence(state: "online" | "offline"): Promise<void> {
  // Sent as the page starts: it must not make the data in the document stale (ADR 065).
  return api.post<void>(PRESENCE_URL, { state }, { changesNothingShown: true });
}

/**
 * Offline on hide or unload: a beacon still leaves while the page goes away (cookies included,
 * same origin); a keep-alive request when beacons are missing or refused.
 */
export function sendOfflineBeacon(): void {
  const text = JSON.stringify({ state: "offline" });
  try {
    const body = new Blob([text], { type: "application/json" });
    if (typeof navigator !== "undefined" && navigator.sendBeacon?.(PRESENCE_URL, body)) return;
  } catch {
    // Some browsers refuse a JSON beacon: a keep-alive request outlives the page as well.
  }
  void fetch(PRESENCE_URL, {
    method: "POST",
    keepalive: true,
    credentials: "include",
    headers: { "content-type": "application/json" },
    body: text,
  }).catch(() => undefined);
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
