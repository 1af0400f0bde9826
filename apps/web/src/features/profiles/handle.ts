import { USERNAME_RULES } from "@viewvault/shared";

/**
 * The username in a profile path or a ?ref= value ("@alice" or "alice"), or null when it
 * cannot be a username (then /:handle is an ordinary unknown page).
 */
export function parseHandle(handle: string | null | undefined): string | null {
  if (!handle) return null;
  const name = handle.startsWith("@") ? handle.slice(1) : handle;
  if (name.length < USERNAME_RULES.min || name.length > USERNAME_RULES.max) return null;
  return USERNAME_RULES.pattern.test(name) ? name : null;
}
