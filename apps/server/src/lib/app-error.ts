import {
  type ErrorCode,
  type Locale,
  type MessageParams,
  type Problem,
  statusForCode,
} from "@viewvault/shared";
import { translator } from "./i18n";

export interface FieldError {
  path: string;
  message: string;
}

/**
 * A refusal the client can act on: a code (which fixes the status) and the parameters of its
 * message. It carries no text: the error handler renders `errors:<code>` (with
 * `params.context`) in the member's language, and the web app renders the same key.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: MessageParams | undefined;
  /** The form field a refusal belongs to (the shared check sequences name it). */
  readonly field: string | undefined;
  readonly fields: FieldError[] | undefined;

  constructor(
    code: ErrorCode,
    params?: MessageParams,
    options?: { field?: string | undefined; fields?: FieldError[] },
  ) {
    super(renderError(code, params, "en"));
    this.name = "AppError";
    this.code = code;
    this.status = statusForCode(code);
    this.params = params;
    this.field = options?.field;
    this.fields = options?.fields;
  }

  /** Throws a failed check of a shared check sequence as it is. */
  static from(problem: Problem): AppError {
    return new AppError(problem.code, problem.params, { field: problem.field });
  }
}

/**
 * Messages without parameters other than their context, rendered once per language: the same
 * refusal repeated (a storm of "Too Late!", a wall of rate-limit answers) need not run the
 * translator each time (ADR 040). Messages with values in them are rendered every time.
 */
const rendered = new Map<string, string>();

/** The message of a code in a language (`errors:<code>`, or its `_<context>` variant). */
export function renderError(code: ErrorCode, params: MessageParams | undefined, locale: Locale) {
  const plain = params === undefined || Object.keys(params).every((key) => key === "context");
  if (!plain) return translator(locale)(`errors:${code}`, params);
  const key = `${locale}\0${code}\0${params?.context ?? ""}`;
  let message = rendered.get(key);
  if (message === undefined) {
    message = translator(locale)(`errors:${code}`, params ?? {});
    if (rendered.size < 1_000) rendered.set(key, message);
  }
  return message;
}
