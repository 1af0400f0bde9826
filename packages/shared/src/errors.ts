/**
 * Error codes shared by the server and the web app. The server maps each code to an HTTP
 * status; the web app shows the translated message `errors:<code>`.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  TWO_FACTOR_REQUIRED: 403,
  INVALID_CREDENTIALS: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  INVALID_AMOUNT: 400,
  BELOW_MINIMUM: 422,
  INSUFFICIENT_BALANCE: 422,
  SELF_TRANSFER: 422,
  RECIPIENT_NOT_FOUND: 404,
  INVALID_VIDEO_URL: 400,
  VIDEO_TITLE_UNAVAILABLE: 422,
  VIDEO_ALREADY_LISTED: 409,
  OWN_VIDEO: 422,
  ALREADY_WATCHED: 422,
  DAILY_LIMIT_REACHED: 422,
  SESSION_NOT_ACTIVE: 409,
  SESSION_TOO_EARLY: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function statusForCode(code: ErrorCode): number {
  return ERROR_CODES[code];
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(ERROR_CODES, value);
}
