const NAMED_ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">" };

/** A link as written in HTML (`&#38;`, `&amp;`, `&#x26;`) read back as the URL it stands for. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (!body.startsWith("#")) return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const hex = body[1]?.toLowerCase() === "x";
    const code = hex ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return Number.isFinite(code) ? String.fromCodePoint(code) : entity;
  });
}

/**
 * Every http(s) link in a message (its text and its HTML), in order, each once: the HTML's copy
 * of a link is read with its entities decoded, so it is the text's link again, not a second one
 * with a literal `&#38;` that loses its parameters.
 */
export function linksIn(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return [...new Set(found.map((link) => decodeEntities(link).replace(/[.,;:!?]+$/, "")))];
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
