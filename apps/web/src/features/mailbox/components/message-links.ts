/** Every http(s) link in a message's text, in order, without duplicates. */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return [...new Set(found.map((link) => link.replace(/[.,;:!?]+$/, "")))];
}

/**
 * Links to this host (any port) or to the API are opened as paths, so a message written with
 * the server's PUBLIC_URL still works on the Vite dev server.
 */
export function localHref(link: string, hostname = window.location.hostname): string {
  try {
    const url = new URL(link);
    if (url.pathname.startsWith("/api/") || url.hostname === hostname) {
      return `${url.pathname}${url.search}${url.hash}`;
    }
  } catch {
    // Not a URL: leave it as it is.
  }
  return link;
}
