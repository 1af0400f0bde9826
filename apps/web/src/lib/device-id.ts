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

/** The longest a request waits for the fingerprint; after that it goes without (null). */
const WAIT_MS = 2_000;

/**
 * The requests the risk score reads the device signal from (ADR 048): sign-in and sign-up, a
 * watch session's start and a withdrawal. Only they compute the fingerprint (ADR 065): its code
 * and work never compete with a page's first render.
 */
export function needsDeviceId(method: string, path: string): boolean {
  if (method.toUpperCase() !== "POST") return false;
  const pathname = path.split("?")[0] ?? "";
  return (
    /^\/api\/auth\/sign-(in|up)\//.test(pathname) ||
    /^\/api\/videos\/[^/]+\/sessions$/.test(pathname) ||
    pathname === "/api/withdrawals"
  );
}

/** The device id, computed now if it is not known yet (at most WAIT_MS; null if it cannot). */
export async function deviceIdNow(): Promise<string | null> {
  if (known !== undefined) return known;
  if (typeof window === "undefined") return null;
  return Promise.race([
    compute(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WAIT_MS)),
  ]);
}

/** The device id when it is already known, else null: a request never waits for it. */
export function deviceId(): string | null {
  return known ?? null;
}
