/**
 * The one error catalogue. A refusal is a code (which fixes the HTTP status) and optional
 * message parameters; its text lives only in the locale files (`errors:<CODE>`, or
 * `errors:<CODE>_<context>` when `params.context` picks one of the seeds' variants). The server
 * renders that text in the member's language; the web app renders the same key with the same
 * parameters, so both always say the same thing.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  TWO_FACTOR_REQUIRED: 403,
  STEP_UP_REQUIRED: 403,
  INVALID_CREDENTIALS: 403,
  PASSKEY_CHALLENGE_INVALID: 403,
  PASSKEY_STEP_UP_FAILED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  INVALID_AMOUNT: 400,
  BELOW_MINIMUM: 422,
  INSUFFICIENT_BALANCE: 422,
  RECIPIENT_REQUIRED: 400,
  SELF_TRANSFER: 422,
  RECIPIENT_NOT_FOUND: 404,
  VIDEO_URL_REQUIRED: 400,
  INVALID_VIDEO_URL: 400,
  VIDEO_TITLE_UNAVAILABLE: 422,
  COUNTRY_REQUIRED: 400,
  THEME_REQUIRED: 400,
  VIDEO_ALREADY_LISTED: 409,
  OWN_VIDEO: 422,
  ALREADY_WATCHED: 422,
  DAILY_LIMIT_REACHED: 422,
  SESSION_NOT_ACTIVE: 409,
  SESSION_TOO_EARLY: 422,
  ACCOUNT_DELETION_BLOCKED: 409,
  OFFER_NOT_POSITIVE: 400,
  OFFER_UNAVAILABLE: 409,
  OWN_OFFER: 422,
  USERNAME_TAKEN: 409,
  ALREADY_VERIFIED: 409,
  EVENT_NOT_OPEN: 409,
  EVENT_ALREADY_CLAIMED: 409,
  EVENT_NOT_ELIGIBLE: 403,
  WALLET_ADDRESS_REQUIRED: 400,
  INVALID_WALLET_ADDRESS: 400,
  WALLET_ADDRESS_TOO_NEW: 422,
  INVALID_TX_HASH: 400,
  PAYOUT_MISMATCH: 422,
  TX_HASH_ALREADY_USED: 409,
  PAYOUT_CAP_REACHED: 422,
  HOT_WALLET_SHORT: 422,
  SUPPORT_DESK_LOCKED: 403,
  ATTENTION_NOT_PROVEN: 422,
  HEARTBEAT_REJECTED: 409,
  CHALLENGE_FAILED: 422,
  VIDEO_UNPLAYABLE: 422,
  CASHOUT_PAUSED: 403,
  MEMBER_IN_RISK_REVIEW: 409,
  HOLD_SETTLED: 409,
  PUSH_SUBSCRIPTION_REFUSED: 422,
  RESERVES_SNAPSHOT_REFUSED: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Interpolation values of a message; `context` selects the `<CODE>_<context>` variant. */
export type MessageParams = { context?: string } & Record<string, string | number | undefined>;

/**
 * One failed check, as the shared check sequences return it and as the server throws it: the
 * code, its message parameters and the form field it belongs to.
 */
export interface Problem {
  code: ErrorCode;
  params?: MessageParams;
  field?: string;
}

export function statusForCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}

/** The locale key of a code's message in the `errors` namespace (i18next adds the context). */
export function errorKey(code: string): string {
  return `errors:${code}`;
}

/**
 * Field messages of the zod contracts are locale keys: `errors:validation.<name>`. The server
 * renders them for a 400 and the web form renders them under the field.
 */
export function validationKey(name: string): string {
  return `errors:validation.${name}`;
}

export function isValidationKey(message: string): boolean {
  return message.startsWith("errors:validation.");
}

/**
 * A failed check as the message of a form field (a zod issue, or `setError` on the web): its
 * locale key, with its parameters as a query string when it has any —
 * `errors:BELOW_MINIMUM?context=transferViews&min=100`. `messageKey` reads it back; a plain key
 * (`errors:validation.passwordTooShort`) reads back as itself with no parameters.
 */
export function problemMessage(problem: { code: string; params?: MessageParams }): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(problem.params ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${errorKey(problem.code)}?${query}` : errorKey(problem.code);
}

/** The locale key and parameters of a field message (see `problemMessage`). */
export function messageKey(message: string): { key: string; params: Record<string, string> } {
  const at = message.indexOf("?");
  if (at < 0) return { key: message, params: {} };
  return {
    key: message.slice(0, at),
    params: Object.fromEntries(new URLSearchParams(message.slice(at + 1))),
  };
}
