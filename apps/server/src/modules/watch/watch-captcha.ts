import {
  type CAPTCHA_PROVIDERS,
  CHALLENGE,
  type RiskLevel,
  type TWatchSession,
} from "@viewvault/shared";
import { AppError } from "../../lib/app-error";

/**
 * The optional third-party human check (ADR 046): hCaptcha or Cloudflare Turnstile, asked of a
 * high-risk member on top of the proof-of-work challenge when a deployment configures one
 * (CAPTCHA_PROVIDER, CAPTCHA_SITE_KEY, CAPTCHA_SECRET). Off by default: nothing here runs then.
 */
export interface CaptchaConfig {
  provider: (typeof CAPTCHA_PROVIDERS)[number];
  siteKey: string;
  secret: string;
  /** The provider's siteverify endpoint (tests: a local stand-in). */
  verifyUrl: string;
  /** The widget's script (explicit rendering; tests: a local stand-in). */
  scriptUrl: string;
  timeoutMs: number;
}

/** Each provider's public endpoints, as their documentation gives them. */
export const CAPTCHA_DEFAULTS = {
  hcaptcha: {
    verifyUrl: "https://api.hcaptcha.com/siteverify",
    scriptUrl: "https://js.hcaptcha.com/1/api.js?render=explicit",
  },
  turnstile: {
    verifyUrl: "https://challenges.cloudflare.com/turnstile/v0/siteverify",
    scriptUrl: "https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit",
  },
} as const;

/** What the page needs to show the check to this member, or null when none is asked. */
export function captchaFor(
  config: CaptchaConfig | undefined,
  risk: RiskLevel,
): TWatchSession["captcha"] {
  if (!config || !CHALLENGE.captchaRiskLevels.includes(risk)) return null;
  return { provider: config.provider, siteKey: config.siteKey, scriptUrl: config.scriptUrl };
}

/**
 * Verifies the widget's token with the provider (both take the same form: secret, response,
 * remoteip, sitekey, and answer `{ success }`). A missing or refused token is CHALLENGE_FAILED
 * (captcha); a provider that cannot be reached says so (captchaUnavailable) and nothing changes.
 */
export async function verifyCaptcha(
  config: CaptchaConfig,
  token: string | undefined,
  remoteIp: string,
): Promise<void> {
  if (!token) throw new AppError("CHALLENGE_FAILED", { context: "captcha" });
  let success = false;
  try {
    const res = await fetch(config.verifyUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        secret: config.secret,
        response: token,
        remoteip: remoteIp,
        sitekey: config.siteKey,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    success = ((await res.json()) as { success?: unknown }).success === true;
  } catch {
    throw new AppError("CHALLENGE_FAILED", { context: "captchaUnavailable" });
  }
  if (!success) throw new AppError("CHALLENGE_FAILED", { context: "captcha" });
}

/** The deployment's human check from its settings (CAPTCHA_*), or undefined when it is off. */
export function captchaConfigOf(env: {
  CAPTCHA_PROVIDER?: CaptchaConfig["provider"] | undefined;
  CAPTCHA_SITE_KEY?: string | undefined;
  CAPTCHA_SECRET?: string | undefined;
  CAPTCHA_VERIFY_URL?: string | undefined;
  CAPTCHA_SCRIPT_URL?: string | undefined;
  CAPTCHA_TIMEOUT_MS: number;
}): CaptchaConfig | undefined {
  const provider = env.CAPTCHA_PROVIDER;
  if (!provider || !env.CAPTCHA_SITE_KEY || !env.CAPTCHA_SECRET) return undefined;
  return {
    provider,
    siteKey: env.CAPTCHA_SITE_KEY,
    secret: env.CAPTCHA_SECRET,
    verifyUrl: env.CAPTCHA_VERIFY_URL ?? CAPTCHA_DEFAULTS[provider].verifyUrl,
    scriptUrl: env.CAPTCHA_SCRIPT_URL ?? CAPTCHA_DEFAULTS[provider].scriptUrl,
    timeoutMs: env.CAPTCHA_TIMEOUT_MS,
  };
}

/** What the CSP must allow for the widget: its script's origin and the provider's frames. */
export function captchaOrigins(config: CaptchaConfig): string[] {
  const provider =
    config.provider === "hcaptcha"
      ? ["https://hcaptcha.com", "https://*.hcaptcha.com"]
      : ["https://challenges.cloudflare.com"];
  return [...new Set([new URL(config.scriptUrl).origin, ...provider])];
}
