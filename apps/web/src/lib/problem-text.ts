import { errorKey, type MessageParams } from "@viewvault/shared";
import type { TFunction } from "i18next";
import { ApiError } from "./api-client";

/**
 * The text of a refusal in the member's language: `errors:<code>` (or its `_<context>`
 * variant) with its parameters — the key the server renders too. A shared check's problem and
 * an ApiError's problem read the same.
 */
export function problemText(t: TFunction, problem: { code: string; params?: MessageParams }) {
  return t(errorKey(problem.code), problem.params ?? {});
}

/** The refusal's text, or `fallback` (the feature's "Failed to …") for anything else. */
export function errorText(t: TFunction, error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.refused) return problemText(t, error.problem);
  if (error instanceof ApiError && error.code === "NETWORK_ERROR") return problemText(t, error);
  return fallback;
}
