import {
  type TWebVitalsBeacon,
  vitalRoute,
  WEB_VITALS,
  type WebVitalName,
} from "@viewvault/shared";
import { currentLocale } from "./i18n";

/**
 * Field data (ADR 066): the Core Web Vitals of this page load, measured by `web-vitals` (its
 * attribution build, fetched after the app has rendered: its observers read the buffered
 * entries, so nothing before is missed) and sent with `navigator.sendBeacon` when the page is
 * hidden. A beacon holds the route pattern of the page the visit began on (the vitals describe
 * that load), the language and the figures: no identifier, no URL, no cookie is read.
 */
export function reportWebVitals(): void {
  if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return;
  const route = vitalRoute(window.location.pathname);
  const pending = new Map<WebVitalName, number>();
  // Each vital once per page load (a later report of the same vital is a revision of it).
  const sent = new Set<WebVitalName>();
  const record = ({ name, value }: { name: string; value: number }) => {
    const vital = WEB_VITALS.find((known) => known === name);
    if (vital && !sent.has(vital) && Number.isFinite(value)) pending.set(vital, value);
  };
  const flush = () => {
    if (!pending.size) return;
    const beacon: TWebVitalsBeacon = {
      route,
      lang: currentLocale(),
      metrics: [...pending].map(([name, value]) => ({ name, value: Math.max(0, value) })),
    };
    for (const name of pending.keys()) sent.add(name);
    pending.clear();
    navigator.sendBeacon(
      "/api/vitals",
      new Blob([JSON.stringify(beacon)], { type: "application/json" }),
    );
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
  const observe = () =>
    void import("web-vitals/attribution")
      .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
        for (const on of [onCLS, onFCP, onINP, onLCP, onTTFB]) on(record);
      })
      .catch(() => {
        // Without the chunk (offline), no field data: the page does not care.
      });
  // Once the page has loaded and the main thread is idle.
  const later = () =>
    typeof window.requestIdleCallback === "function"
      ? window.requestIdleCallback(observe, { timeout: 5_000 })
      : setTimeout(observe, 1_000);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}
