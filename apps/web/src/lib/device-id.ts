import FingerprintJS from "@fingerprintjs/fingerprintjs";

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
  pending ??= FingerprintJS.load({ monitoring: false })
    .then((agent) => agent.get())
    .then((result) => result.visitorId)
    .catch(() => null)
    .then((id) => {
      known = id;
      return id;
    });
  return pending;
}

/** The device id, waiting at most `ms` for its first computation (later calls answer at once). */
export async function deviceId(ms = 300): Promise<string | null> {
  if (known !== undefined) return known;
  if (typeof window === "undefined") return null;
  return Promise.race([
    compute(),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), ms)),
  ]);
}
