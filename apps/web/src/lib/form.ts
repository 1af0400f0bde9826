import { messageKey, problemMessage } from "@viewvault/shared";
import type { TFunction } from "i18next";
import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api-client";
import { errorText } from "./problem-text";

/**
 * The text of a field error. Field messages are locale keys — a contract's
 * `errors:validation.<name>`, or a shared check's problem with its parameters
 * (`problemMessage`) — rendered here in the member's current language.
 */
export function fieldText(t: TFunction, message: string | undefined | null): string | null {
  if (!message) return null;
  const { key, params } = messageKey(message);
  return t(key, params);
}

/**
 * Puts the server's answer on the form: a refusal on its field (`error.field`, when the form has
 * it, else `fallbackField` when given), anything else as the form's error (`root.server`,
 * already rendered: the refusal's text, or `fallback` for a failure). Returns the field it used,
 * or null for the form's error.
 */
export function setServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  t: TFunction,
  error: unknown,
  options: { fields: readonly FieldPath<T>[]; fallback: string; fallbackField?: FieldPath<T> },
): FieldPath<T> | null {
  if (error instanceof ApiError && error.refused) {
    const named = options.fields.find((field) => field === error.field);
    const field = named ?? options.fallbackField;
    if (field) {
      setError(field, { type: error.code, message: problemMessage(error.problem) });
      return field;
    }
  }
  setError("root.server", { type: "server", message: errorText(t, error, options.fallback) });
  return null;
}
