import { useSyncExternalStore } from "react";

/**
 * What a page rendered on the server (ADR 084) was rendered with — the time zone of its dates, the
 * instant of its clocks and the site's address — so that the browser adopts that markup with the
 * same values, then shows its own. In a page the browser rendered itself, none is set.
 */
type Rendered = { timeZone: string; at: number; origin?: string };

/** The cookie that tells the server the device's zone (else it renders dates in UTC). */
const TIME_ZONE_COOKIE = "vv-tz";

let rendered: Rendered | undefined;

/** Set while the server renders a page, and in the browser while it adopts that markup. */
export function setRendered(value: Rendered | undefined): void {
  rendered = value;
}

/** The instant a clock starts from: the render's while its markup is rendered or adopted. */
export function renderedNow(): number {
  return rendered?.at ?? Date.now();
}

/** The site's address (`https://host`): the page's own, or the request's on the server. */
export function pageOrigin(): string {
  return rendered?.origin ?? window.location.origin;
}

const subscribe = () => () => {};

/**
 * The zone for `Intl.DateTimeFormat`'s `timeZone` (undefined: the device's). While React adopts
 * server-rendered markup it is that markup's zone, so the dates match; the render after it uses
 * the device's.
 */
export function useTimeZone(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => undefined,
    () => rendered?.timeZone,
  );
}

/** One year, like the language cookie. */
const TIME_ZONE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Tells the server the device's zone, for the next page it renders. */
export function rememberTimeZone(): void {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie.
    document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=${TIME_ZONE_COOKIE_MAX_AGE}; SameSite=Lax`;
  } catch {
    // No zone from Intl: the server renders dates in UTC and the browser shows its own.
  }
}
