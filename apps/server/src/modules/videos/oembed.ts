import { canonicalYoutubeUrl } from "@viewvault/shared";
import { LRUCache } from "lru-cache";

export interface OembedClient {
  /** The video's title from YouTube's public oEmbed endpoint, or null when it has none. */
  title(youtubeId: string): Promise<string | null>;
}

const HIT_TTL_MS = 6 * 60 * 60 * 1000;
const MISS_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 5_000;
const MAX_TITLE = 300;

/** What a lookup learned: a title, "no such video" (cached briefly), or nothing (not cached). */
type Answer = { title: string | null } | undefined;

/**
 * Fetches titles from the oEmbed endpoint (YouTube's by default; OEMBED_URL points tests at a
 * local stand-in) with a timeout, and caches answers in an LRU cache: found titles for 6 h, "no
 * such video" for 5 min. Network failures and timeouts are not cached. Concurrent lookups of one
 * id share one request (the cache's fetch de-duplicates them).
 */
export function createOembedClient(opts: {
  url: string;
  timeoutMs: number;
  now?: () => number;
}): OembedClient {
  async function lookup(youtubeId: string): Promise<Answer> {
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
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      // 400/401/403/404: YouTube's answers for unknown, private or non-embeddable videos.
      return response.status >= 400 && response.status < 500 ? { title: null } : undefined;
    }
    try {
      const body = (await response.json()) as { title?: unknown };
      const title = typeof body.title === "string" ? body.title.trim().slice(0, MAX_TITLE) : "";
      return { title: title || null };
    } catch {
      return undefined;
    }
  }

  const cache = new LRUCache<string, { title: string | null }>({
    max: MAX_ENTRIES,
    ttl: HIT_TTL_MS,
    ...(opts.now ? { perf: { now: opts.now } } : {}),
    fetchMethod: async (youtubeId, _stale, { options }) => {
      const answer = await lookup(youtubeId);
      if (answer?.title === null) options.ttl = MISS_TTL_MS;
      return answer;
    },
  });

  return {
    async title(youtubeId) {
      return (await cache.fetch(youtubeId))?.title ?? null;
    },
  };
}
