import { normaliseRecipient, USERNAME_RULES } from "@viewvault/shared";

/** Whether a typed recipient is worth looking up yet (a whole username or an id). */
export function canPreviewRecipient(value: string): boolean {
  return normaliseRecipient(value).length >= USERNAME_RULES.min;
}
