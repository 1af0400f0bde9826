import { type ErrorCode, statusForCode } from "@viewvault/shared";

/** English default messages; the web app shows `errors:<code>` in the member's language. */
const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: "Some fields are invalid.",
  UNAUTHENTICATED: "Please sign in to continue.",
  FORBIDDEN: "You are not allowed to do this.",
  ACCOUNT_SUSPENDED: "Your account is suspended. Contact support.",
  TWO_FACTOR_REQUIRED: "Turn on two-factor authentication to open staff pages.",
  INVALID_CREDENTIALS: "Password or code is incorrect.",
  NOT_FOUND: "Not found.",
  CONFLICT: "This conflicts with the current state.",
  IDEMPOTENCY_KEY_REUSED: "This Idempotency-Key was already used with a different request.",
  INVALID_AMOUNT: "Please enter a valid amount",
  BELOW_MINIMUM: "The amount is below the minimum.",
  INSUFFICIENT_BALANCE: "Insufficient balance",
  SELF_TRANSFER: "Cannot transfer to yourself",
  RECIPIENT_NOT_FOUND: "Recipient not found",
  INVALID_VIDEO_URL: "Please enter a valid YouTube URL",
  VIDEO_TITLE_UNAVAILABLE: "Could not extract video title. Please check the YouTube URL",
  VIDEO_ALREADY_LISTED: "You have already added this video",
  OWN_VIDEO: "You cannot earn views from your own video",
  ALREADY_WATCHED: "You already earned views from this video in the last 24 hours",
  DAILY_LIMIT_REACHED: "Daily limit reached",
  SESSION_NOT_ACTIVE: "This watch session is no longer active",
  SESSION_TOO_EARLY: "This step of the session has not lasted 30 seconds yet",
  RATE_LIMITED: "Too many requests. Please wait a moment and try again.",
  INTERNAL: "Something went wrong on our side. Please try again.",
  SERVICE_UNAVAILABLE: "The service is temporarily unavailable.",
};

export interface FieldError {
  path: string;
  message: string;
}

/** A failure the client can act on: a code (status and message key) and an optional message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  constructor(code: ErrorCode, message?: string, options?: { fields?: FieldError[] }) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.name = "AppError";
    this.code = code;
    this.status = statusForCode(code);
    this.fields = options?.fields;
  }
}

export function defaultMessage(code: ErrorCode): string {
  return DEFAULT_MESSAGES[code];
}
