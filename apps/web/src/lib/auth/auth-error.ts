import type { TFunction } from "i18next";
import { ApiError } from "@/lib/api-client";

/** An error answered by Better Auth (`{ code, message }`) or a network failure. */
export class AuthError extends Error {
  override readonly name = "AuthError";
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

type BetterFetchResult<T> = {
  data: T | null;
  error: { code?: string; message?: string; status: number; statusText?: string } | null;
};

/** Returns the data of a Better Auth call, or throws its error as an AuthError. */
export function unwrap<T>(result: BetterFetchResult<T>): T {
  if (result.error) {
    const { status, message } = result.error;
    const code = result.error.code ?? (status === 429 ? "RATE_LIMITED" : `HTTP_${status}`);
    throw new AuthError(code, message ?? result.error.statusText ?? code, status);
  }
  return result.data as T;
}

/** Runs one Better Auth call; a failed request becomes AuthError("NETWORK_ERROR"). */
export async function callAuth<T>(run: () => Promise<BetterFetchResult<T>>): Promise<T> {
  let result: BetterFetchResult<T>;
  try {
    result = await run();
  } catch (error) {
    throw new AuthError("NETWORK_ERROR", error instanceof Error ? error.message : "failed", 0);
  }
  return unwrap(result);
}

/**
 * What the browser's WebAuthn errors become: cancelled (or timed out, or aborted by a newer
 * request), a device already registered, or an error Better Auth answered.
 */
export function passkeyError(error: AuthError): AuthError {
  if (error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return new AuthError("PASSKEY_ALREADY_ADDED", error.message, error.status);
  }
  if (error.code.startsWith("ERROR_") || error.code === "AUTH_CANCELLED") {
    return new AuthError("PASSKEY_CANCELLED", error.message, error.status);
  }
  return error;
}

/** Codes with a translated message under `errors:auth.<CODE>`. */
const KNOWN_AUTH_CODES = new Set([
  "INVALID_EMAIL_OR_PASSWORD",
  "EMAIL_NOT_VERIFIED",
  "ACCOUNT_SUSPENDED",
  "RATE_LIMITED",
  "USERNAME_IS_ALREADY_TAKEN",
  "USERNAME_IS_INVALID",
  "USERNAME_TOO_SHORT",
  "USERNAME_TOO_LONG",
  "PASSWORD_TOO_COMMON",
  "PASSWORD_BREACHED",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "INVALID_EMAIL",
  "INVALID_CODE",
  "INVALID_BACKUP_CODE",
  "INVALID_TOKEN",
  "INVALID_PASSWORD",
  "INVALID_TWO_FACTOR_COOKIE",
  "PASSKEY_NOT_USER_VERIFIED",
  "PASSKEY_LAST_SIGN_IN_METHOD",
  "PASSKEY_INVALID",
  "PASSKEY_NOT_FOUND",
  "PASSKEY_CANCELLED",
  "PASSKEY_ALREADY_ADDED",
  "PASSKEY_UNSUPPORTED",
  "AUTHENTICATION_FAILED",
  "CHALLENGE_NOT_FOUND",
  "NETWORK_ERROR",
]);

/**
 * The message to show for a failed auth or API call: our translation when we know the code,
 * otherwise the service's own message (as the seeds do), otherwise a generic one.
 */
export function authErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof AuthError) {
    if (KNOWN_AUTH_CODES.has(error.code)) return t(`errors:auth.${error.code}`);
    if (error.status >= 500) return t("errors:INTERNAL");
    return error.message || t("errors:UNKNOWN");
  }
  if (error instanceof ApiError) return t(`errors:${error.code}`);
  return t("errors:UNKNOWN");
}
