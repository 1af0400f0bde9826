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

/** A feed row with the key it was ordered by (most watched: its count when the paging began). */
export type FeedRow = VideoRow & { rankCount: number };

/**
 * One feed page by keyset, never OFFSET, over the feed as it stood when the member opened it
 * (`since`, the first page's time): newest first on (created_at, id), or most watched first on
 * (watched count at `since`, id) — ties broken by id, so the order is total. Counts only grow,
 * so a video watched while someone pages would cross their cursor and be skipped; a page after
 * the first therefore ranks each video by its count at `since` (today's count less the sessions
 * completed since, read through ads_sessions_completed_at_idx) — exact for the videos watched
 * meanwhile, which are read beside the index range (ADR 055). Videos boosted at `since` are left
 * out (the first page listed them on top; a boost begun later does not hide a video), and so are
 * suspended members' videos.
 */
export function feedPageSql(
  opts: FeedFilter & {
    now: Date;
    /** When the paging began (the first page's time); defaults to now. */
    since?: Date;
    /** Count the sessions completed after `since` (false: the snapshot is too old to pay for). */
    snapshot?: boolean;
    sort?: FeedSort;
    after?: FeedAfter;
    limit: number;
  },
): SQL {
  const since = (opts.since ?? opts.now).toISOString();
  const where = filterSql(opts);
  // Left out: what was boosted at `since` — the first page's boosted block. A boost that began
  // later does not hide the video from a paging already under way (its boosts' starts tell).
  where.push(
    opts.since && opts.since.getTime() !== opts.now.getTime()
      ? sql`(v.boosted_until is null or v.boosted_until <= ${since}::timestamptz
             or not exists (select 1 from video_boosts b where b.video_id = v.id
                            and b.expires_at > ${since}::timestamptz
                            and b.starts_at <= ${since}::timestamptz))`
      : sql`(v.boosted_until is null or v.boosted_until <= ${since}::timestamptz)`,
  );
  const from = sql`${videos} v join ${profiles} p on p.id = v.user_id and not p.suspended`;
  if (opts.sort !== "watched" || !opts.after || !("watched" in opts.after)) {
    if (opts.after && "micros" in opts.after) {
      where.push(
        sql`(v.created_at, v.id) < (timestamptz 'epoch' + ${opts.after.micros}::bigint * interval '1 microsecond', ${opts.after.id}::uuid)`,
      );
    }
    const order =
      opts.sort === "watched"
        ? sql`v.watched_count desc, v.id desc`
        : sql`v.created_at desc, v.id desc`;
    return sql`select ${COLUMNS}, v.watched_count as "rankCount" from ${from}
        where ${sql.join(where, sql` and `)}
        order by ${order} limit ${opts.limit}`;
  }
  const after = sql`(${opts.after.watched}::bigint, ${opts.after.id}::uuid)`;
  if (!opts.snapshot) {
    return sql`select ${COLUMNS}, v.watched_count as "rankCount" from ${from}
        where ${sql.join(where, sql` and `)} and (v.watched_count, v.id) < ${after}
        order by v.watched_count desc, v.id desc limit ${opts.limit}`;
  }
  const filters = sql.join(where, sql` and `);
  return sql`with recent as materialized (
          select s.video_id, count(*)::bigint as n from ads_sessions s
          where s.status = 'COMPLETED' and s.content_completed_at > ${since}::timestamptz
          group by s.video_id),
        candidates as (
          (select v.id from ${from} where ${filters} and (v.watched_count, v.id) < ${after}
           order by v.watched_count desc, v.id desc
           limit ${opts.limit} + (select count(*) from recent))
          union
          (select v.id from ${from} join recent r on r.video_id = v.id where ${filters}))
        select ${COLUMNS}, (v.watched_count - coalesce(r.n, 0)) as "rankCount"
        from candidates c join ${videos} v on v.id = c.id join ${profiles} p on p.id = v.user_id
          left join recent r on r.video_id = v.id
        where (v.watched_count - coalesce(r.n, 0), v.id) < ${after}
        order by "rankCount" desc, v.id desc limit ${opts.limit}`;
}

export async function feedPage(
  db: DbOrTx,
  opts: Parameters<typeof feedPageSql>[0],
): Promise<FeedRow[]> {
  const rows = await preparedRows<RawVideoRow & { rankCount: string | number }>(
    db,
    feedPageSql(opts),
  );
  return rows.map((r) => ({ ...toRow(r), rankCount: Number(r.rankCount) }));
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
