import { canonicalYoutubeUrl } from "@viewvault/shared";

export interface OembedClient {
  /** The video's title from YouTube's public oEmbed endpoint, or null when it has none. */
  title(youtubeId: string): Promise<string | null>;
}

interface Entry {
  title: string | null;
  expires: number;
}

const HIT_TTL_MS = 6 * 60 * 60 * 1000;
const MISS_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 5_000;
const MAX_TITLE = 300;

/**
 * Fetches titles from the oEmbed endpoint (YouTube's by default; OEMBED_URL points tests at a
 * local stand-in) with a timeout, and caches answers in memory: found titles for 6 h, "no such
 * video" for 5 min. Network failures and timeouts are not cached. Concurrent lookups of one id
 * share one request.
 */
export function createOembedClient(opts: {
  url: string;
  timeoutMs: number;
  now?: () => number;
}): OembedClient {
  const cache = new Map<string, Entry>();
  const inflight = new Map<string, Promise<string | null>>();
  const now = opts.now ?? Date.now;

  async function lookup(youtubeId: string): Promise<string | null> {
    const endpoint = new URL(opts.url);
    endpoint.searchParams.set("url", canonicalYoutubeUrl(youtubeId));
    endpoint.searchParams.set("format", "json");
    let response: Response;
    try {
      response = await fetch(endpoint, {
        signal: AbortSignal.timeout(opts.timeoutMs),
        headers: { accept: "application/json" },
        redirect: "follow",
      });
    } catch {
      return null;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      // 400/401/403/404: YouTube's answers for unknown, private or non-embeddable videos.
      if (response.status >= 400 && response.status < 500) remember(youtubeId, null, MISS_TTL_MS);
      return null;
    }
    let title: string | null = null;
    try {
      const body = (await response.json()) as { title?: unknown };
      if (typeof body.title === "string" && body.title.trim())
        title = body.title.trim().slice(0, MAX_TITLE);
    } catch {
      return null;
    }
    remember(youtubeId, title, title ? HIT_TTL_MS : MISS_TTL_MS);
    return title;
  }

  function remember(youtubeId: string, title: string | null, ttl: number) {
    if (cache.size >= MAX_ENTRIES) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(youtubeId, { title, expires: now() + ttl });
  }

  return {
    async title(youtubeId) {
      const cached = cache.get(youtubeId);
      if (cached && cached.expires > now()) return cached.title;
      if (cached) cache.delete(youtubeId);
      let pending = inflight.get(youtubeId);
      if (!pending) {
        pending = lookup(youtubeId).finally(() => inflight.delete(youtubeId));
        inflight.set(youtubeId, pending);
      }
      return pending;
    },
  };
}
