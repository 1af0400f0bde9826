import { CRYPTO_LAUNCH } from "./constants";

/** The views-to-crypto launch, midnight UTC of CRYPTO_LAUNCH.date. */
export const CRYPTO_LAUNCH_AT = Date.parse(`${CRYPTO_LAUNCH.date}T00:00:00Z`);

export type LaunchCountdown =
  | { passed: false; days: number; hours: number; minutes: number; seconds: number }
  | { passed: true };

/** Time left until the launch at `nowMs` (the injectable clock), or that it has passed. */
export function launchCountdown(nowMs: number, launchAt = CRYPTO_LAUNCH_AT): LaunchCountdown {
  const left = Math.floor((launchAt - nowMs) / 1000);
  if (left <= 0) return { passed: true };
  return {
    passed: false,
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
  };
}

/**
 * The card's estimate, views × 0.1, exactly (no floating point): a decimal string with one
 * decimal, "250.0" for 2,500 views, "0.7" for 7.
 */
export function cryptoEstimate(views: bigint): string {
  const sign = views < 0n ? "-" : "";
  const abs = views < 0n ? -views : views;
  return `${sign}${abs / 10n}.${abs % 10n}`;
}
