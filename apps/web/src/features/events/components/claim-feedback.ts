import type { TFunction } from "i18next";
import { ApiError } from "@/lib/api-client";
import { errorText, problemText } from "@/lib/problem-text";
import { toast } from "@/lib/toast";

/**
 * A refused or failed claim as a toast: a lost race under its seed title ("Too Late!",
 * "Already Claimed") with the catalogue's text, anything else as the feature's "Failed to …".
 */
export function claimFailed(t: TFunction, error: unknown, raceTitle: string, failed: string) {
  if (error instanceof ApiError && error.code === "EVENT_ALREADY_CLAIMED") {
    toast.error(raceTitle, { description: problemText(t, error.problem) });
    return;
  }
  toast.error(errorText(t, error, failed));
}
