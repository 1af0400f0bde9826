/** The header every API request carries: this browser's device fingerprint (ADR 048). */
export const DEVICE_ID_HEADER = "X-Device-Id";

let pending: Promise<string | null> | null = null;
let known: string | null | undefined;

/**
 * This browser's fingerprint (FingerprintJS, open-source build): computed once, in the browser,
 * with no network request (its install statistics ping is turned off). Null where it cannot run.
 * The server stores only an HMAC of it.
 */
function compute(): Promise<string | null> {
  // Its own chunk, loaded after the page: the first paint never waits for it.
  pending ??= import("@fingerprintjs/fingerprintjs")
    .then((fp) => fp.load({ monitoring: false }))
    .then((agent) => agent.get())
    .then((result) => result.visitorId)
    .catch(() => null)
    .then((id) => {
      known = id;
      return id;
    });
  return pending;
}

let scheduled = false;

/**
 * Starts the computation once the page is idle (its script and work would otherwise compete
 * with the first render: Lighthouse counted it in the blocking time of /dashboard and /feed),
 * at the latest a few seconds after the first request.
 */
function scheduleCompute(): void {
  if (scheduled) return;
  scheduled = true;
  if (typeof window.requestIdleCallback === "function")
    window.requestIdleCallback(() => void compute(), { timeout: 4_000 });
  else setTimeout(() => void compute(), 2_000);
}

/**
 * The device id when it is known, else null (and its computation is scheduled for when the page
 * is idle): a request never waits for it. The first requests of a visit may go without; sign-ins
 * and watch sessions come later.
 */
export function deviceId(): string | null {
  if (known !== undefined) return known;
  if (typeof window !== "undefined") scheduleCompute();
  return null;
}
