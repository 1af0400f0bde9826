import type { FeedSort } from "@viewvault/shared";
import { type SQL, sql } from "drizzle-orm";
import { type DbOrTx, preparedRows, queryRows } from "../../db/client";
import { profiles, videos } from "../../db/schema";

export interface VideoRow {
  id: string;
  userId: string;
  ownerUsername: string;
  title: string;
  youtubeUrl: string;
  youtubeId: string;
  country: string;
  theme: string;
  thumbnailUrl: string;
  watchedCount: number;
  boostedUntil: Date | null;
  createdAt: Date;
  /** Microseconds since the epoch of created_at: the exact keyset cursor. */
  createdMicros: string;
}

interface RawVideoRow extends Omit<VideoRow, "boostedUntil" | "createdAt" | "watchedCount"> {
  boostedUntil: Date | string | null;
  createdAt: Date | string;
  watchedCount: string | number;
}

const COLUMNS = sql`v.id, v.user_id as "userId", p.username as "ownerUsername", v.title,
  v.youtube_url as "youtubeUrl", v.youtube_id as "youtubeId", v.country, v.theme,
  v.thumbnail_url as "thumbnailUrl", v.watched_count as "watchedCount",
  v.boosted_until as "boostedUntil", v.created_at as "createdAt",
  (extract(epoch from v.created_at) * 1000000)::bigint::text as "createdMicros"`;

function toRow(r: RawVideoRow): VideoRow {
  return {
    ...r,
    watchedCount: Number(r.watchedCount),
    boostedUntil: r.boostedUntil === null ? null : new Date(r.boostedUntil),
    createdAt: new Date(r.createdAt),
  };
}

export interface FeedFilter {
  country?: string | undefined;
  theme?: string | undefined;
}

function filterSql(filter: FeedFilter): SQL[] {
  // A video enough members reported unplayable is out of the feed (ADR 046).
  const where: SQL[] = [sql`v.unplayable_at is null`];
  if (filter.country) where.push(sql`v.country = ${filter.country}`);
  if (filter.theme) where.push(sql`v.theme = ${filter.theme}`);
  return where;
}

/** Where the previous page ended: its last row's sort key and id. */
export type FeedAfter = { micros: string; id: string } | { watched: string; id: string };

/**
 * One feed page by keyset, never OFFSET: newest first on (created_at, id), or most watched first
 * on (watched_count, id) (ties broken by id, so the order is total and a page never
 * repeats a row of the one before it). Videos boosted at `now` are left out (the first page
 * lists them on top), and so are suspended members' videos. Each filter combination has its index
 * for newest first; most watched first reads videos_feed_watched_idx (ADR 055).
 */
export function feedPageSql(
  opts: FeedFilter & { now: Date; sort?: FeedSort; after?: FeedAfter; limit: number },
): SQL {
  const where = filterSql(opts);
  const watched = opts.sort === "watched";
  if (opts.after && "micros" in opts.after) {
    where.push(
      sql`(v.created_at, v.id) < (timestamptz 'epoch' + ${opts.after.micros}::bigint * interval '1 microsecond', ${opts.after.id}::uuid)`,
    );
  } else if (opts.after) {
    where.push(
      sql`(v.watched_count, v.id) < (${opts.after.watched}::bigint, ${opts.after.id}::uuid)`,
    );
  }
  where.push(
    sql`(v.boosted_until is null or v.boosted_until <= ${opts.now.toISOString()}::timestamptz)`,
  );
  const order = watched ? sql`v.watched_count desc, v.id desc` : sql`v.created_at desc, v.id desc`;
  return sql`select ${COLUMNS} from ${videos} v join ${profiles} p on p.id = v.user_id and not p.suspended
        where ${sql.join(where, sql` and `)}
        order by ${order} limit ${opts.limit}`;
}

export async function feedPage(
  db: DbOrTx,
  opts: Parameters<typeof feedPageSql>[0],
): Promise<VideoRow[]> {
  return (await preparedRows<RawVideoRow>(db, feedPageSql(opts))).map(toRow);
}

/** Videos whose boost is active at `now`, longest remaining first (a small partial-index scan). */
export function boostedVideosSql(opts: FeedFilter & { now: Date; limit: number }): SQL {
  const where = [sql`v.boosted_until > ${opts.now.toISOString()}::timestamptz`, ...filterSql(opts)];
  return sql`select ${COLUMNS} from ${videos} v join ${profiles} p on p.id = v.user_id and not p.suspended
        where ${sql.join(where, sql` and `)}
        order by v.boosted_until desc, v.id desc limit ${opts.limit}`;
}

export async function boostedVideos(
  db: DbOrTx,
  opts: Parameters<typeof boostedVideosSql>[0],
): Promise<VideoRow[]> {
  return (await preparedRows<RawVideoRow>(db, boostedVideosSql(opts))).map(toRow);
}

export async function findVideo(
  db: DbOrTx,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<VideoRow | undefined> {
  const rows = await queryRows<RawVideoRow>(
    db,
    sql`select ${COLUMNS} from ${videos} v join ${profiles} p on p.id = v.user_id and not p.suspended
        where v.id = ${id}::uuid ${opts.forUpdate ? sql`for update of v` : sql``}`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}
