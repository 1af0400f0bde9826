import type { TPushConfig } from "@viewvault/shared";
import { useCallback, useEffect, useState } from "react";
import { api } from "@/lib/api-client";

/** What this browser can do about push: why not, or whether it is on for this device. */
export type PushState = "unsupported" | "unavailable" | "denied" | "off" | "on" | "loading";

/** GET /api/push/config: the VAPID public key (null: the server offers no push). */
export function getPushConfig(): Promise<TPushConfig> {
  return api.get<TPushConfig>("/api/push/config");
}

/** POST /api/push/subscriptions: this browser's subscription. */
export function saveSubscription(subscription: PushSubscriptionJSON): Promise<unknown> {
  return api.post("/api/push/subscriptions", subscription);
}

/** POST /api/push/subscriptions/remove. */
export function removeSubscription(endpoint: string): Promise<unknown> {
  return api.post("/api/push/subscriptions/remove", { endpoint });
}

function supported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * This device's push: its state, and turning it on (asks the browser's permission, subscribes
 * with the server's VAPID key, saves the subscription) or off (unsubscribes, removes it).
 */
export function usePushSubscription() {
  const [state, setState] = useState<PushState>("loading");
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(async () => {
    if (!supported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return setState("unsupported");
    const current = await registration.pushManager.getSubscription();
    setState(current ? "on" : "off");
  }, []);

  useEffect(() => {
    refresh().catch(() => setState("unsupported"));
  }, [refresh]);

  const turnOn = useCallback(async () => {
    setBusy(true);
    try {
      const { publicKey } = await getPushConfig();
      if (!publicKey) return setState("unavailable");
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await saveSubscription(subscription.toJSON());
      setState("on");
    } finally {
      setBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setBusy(true);
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await removeSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState("off");
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, turnOn, turnOff };
}
