import { pageOrigin } from "./server-rendered";

/** A member's public invite link: {origin}/@{username}. */
export function referralLink(username: string, origin = pageOrigin()): string {
  return `${origin}/@${username}`;
}
