import { FEED_FILTER_ALL, type TFeedPage, type TFeedQuery } from "@viewvault/shared";
import { LRUCache } from "lru-cache";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { boostedVideos, type FeedAfter, feedPage, type VideoRow } from "./videos.repository";
import { toVideoDto } from "./videos.service";

const BOOSTED_SHOWN = 50;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
// Newest first: the created_at in microseconds (at most 16 digits: until the year 2286, more
// overflows PostgreSQL's timestamp) and the id; then, after "~", when the paging began (ms).
const CURSOR_RE = new RegExp(`^(\\d{1,16})_(${UUID})(?:~(\\d{1,15}))?$`);
// Most watched first: "w", the watch count at that time (a bigint read as a safe JavaScript
// number) and the id; the prefix keeps a cursor of one order from being read as the other's.
const WATCHED_CURSOR_RE = new RegExp(`^w(\\d{1,16})_(${UUID})(?:~(\\d{1,15}))?$`);
/**
 * How long a paging's snapshot is honoured exactly: later pages of an older paging rank by
 * today's counts, as the sessions completed since would cost too much to subtract (ADR 055).
 */
const SNAPSHOT_MS = 15 * 60_000;

/** Where the previous page ended and when the paging began, from its cursor; a malformed one is refused. */
function cursorAfter(query: TFeedQuery): { after: FeedAfter; since: Date | null } | undefined {
  if (!query.cursor) return undefined;
  const watched = query.sort === "watched";
  const match = (watched ? WATCHED_CURSOR_RE : CURSOR_RE).exec(query.cursor);
  if (!match?.[1] || !match[2] || (watched && !Number.isSafeInteger(Number(match[1]))))
    throw new AppError("VALIDATION_FAILED", { context: "cursor" }, { field: "cursor" });
  const after = watched ? { watched: match[1], id: match[2] } : { micros: match[1], id: match[2] };
  return { after, since: match[3] ? new Date(Number(match[3])) : null };
}

/**
 * The boosted block changes only when someone boosts: it is read from the database at most
 * every few seconds per filter combination and process (an LRU cache with a TTL), and this
 * process forgets it when one of its members boosts. Rows are re-checked against `now` at every
 * read.
 */
export class BoostedCache {
  private readonly entries: LRUCache<string, VideoRow[], { db: DbOrTx; now: Date }>;
  constructor(ttlMs = 5_000) {
    this.entries = new LRUCache({
      max: 500,
      ttl: ttlMs,
      fetchMethod: async (key, _stale, { context }) => {
        const [country, theme] = key.split("|");
        return boostedVideos(context.db, {
          ...(country ? { country } : {}),
          ...(theme ? { theme } : {}),
          now: context.now,
          limit: BOOSTED_SHOWN,
        });
      },
    });
  }

  async get(db: DbOrTx, filter: { country?: string; theme?: string }, now: Date) {
    const key = `${filter.country ?? ""}|${filter.theme ?? ""}`;
    const rows = (await this.entries.fetch(key, { context: { db, now } })) ?? [];
    return rows.filter((r) => r.boostedUntil !== null && r.boostedUntil > now);
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * Feed pages as sent, per query and clock second (ADR 013). The feed reads the same for everyone,
 * so a page is built and serialised once a second at most per process — concurrent requests for
 * it share one build — and this process forgets every page when one of its members posts or
 * boosts (other instances within the second).
 */
export class FeedCache {
  private readonly pages: LRUCache<string, string, { db: DbOrTx; clock: Clock; query: TFeedQuery }>;
  private readonly boosted = new BoostedCache();

  constructor(max = 2_000) {
    this.pages = new LRUCache({
      max,
      ttl: 1_000,
      fetchMethod: async (_key, _stale, { context }) =>
        JSON.stringify(await getFeed(context.db, context.clock, this.boosted, context.query)),
    });
  }

  async page(db: DbOrTx, clock: Clock, query: TFeedQuery): Promise<string> {
    const second = Math.floor(clock.now().getTime() / 1000);
    const key = `${second}|${query.sort}|${query.country}|${query.theme}|${query.cursor ?? ""}|${query.limit}`;
    return (await this.pages.fetch(key, { context: { db, clock, query } })) as string;
  }

  clear(): void {
    this.pages.clear();
    this.boosted.clear();
  }
}

/**
 * The feed: active boosts on top of the first page, then newest (or most watched) first by
 * keyset cursor; the cursor carries when the paging began, so later pages read the feed as the
 * first one saw it (no video twice, none skipped, while others watch or boost; ADR 055).
 */
export async function getFeed(
  db: DbOrTx,
  clock: Clock,
  boostedCache: BoostedCache,
  query: TFeedQuery,
): Promise<TFeedPage> {
  const now = clock.now();
  const filter = {
    ...(query.country === FEED_FILTER_ALL ? {} : { country: query.country }),
    ...(query.theme === FEED_FILTER_ALL ? {} : { theme: query.theme }),
  };
  const cursor = cursorAfter(query);
  // The feed as it stood when the member opened it: a cursor from the future is read as now.
  const since = cursor?.since && cursor.since.getTime() <= now.getTime() ? cursor.since : now;
  const [boosted, rows] = await Promise.all([
    cursor ? Promise.resolve([]) : boostedCache.get(db, filter, now),
    feedPage(db, {
      ...filter,
      now,
      since,
      snapshot: now.getTime() - since.getTime() <= SNAPSHOT_MS,
      sort: query.sort,
      ...(cursor ? { after: cursor.after } : {}),
      limit: query.limit + 1,
    }),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    boosted: boosted.map((r) => toVideoDto(r, now)),
    videos: page.map((r) => toVideoDto(r, now)),
    nextCursor:
      rows.length > query.limit && last
        ? `${query.sort === "watched" ? `w${last.rankCount}` : last.createdMicros}_${last.id}~${since.getTime()}`
        : null,
    serverTime: now.toISOString(),
  };
}
