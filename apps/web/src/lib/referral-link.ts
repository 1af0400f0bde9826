/** A member's public invite link: {origin}/@{username}. */
export function referralLink(username: string, origin = window.location.origin): string {
  return `${origin}/@${username}`;
}
