import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { adsSessions, videos, type WatchStatus, watchDaily } from "../../db/schema";

export interface SessionRow {
  id: string;
  userId: string;
  videoId: string;
  status: WatchStatus;
  adStartedAt: Date;
  contentStartedAt: Date | null;
  contentCompletedAt: Date | null;
  credited: boolean;
}

type Raw = Record<keyof SessionRow, unknown>;

const COLUMNS = sql`id, user_id as "userId", video_id as "videoId", status,
  ad_started_at as "adStartedAt", content_started_at as "contentStartedAt",
  content_completed_at as "contentCompletedAt", credited`;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toRow(r: Raw): SessionRow {
  return {
    id: String(r.id),
    userId: String(r.userId),
    videoId: String(r.videoId),
    status: r.status as WatchStatus,
    adStartedAt: new Date(r.adStartedAt as string),
    contentStartedAt: date(r.contentStartedAt),
    contentCompletedAt: date(r.contentCompletedAt),
    credited: Boolean(r.credited),
  };
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export async function findSession(db: DbOrTx, id: string): Promise<SessionRow | undefined> {
  const rows = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from ${adsSessions} where id = ${id}::uuid`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** Closes the member's open session, if any (starting a new one replaces it). */
export async function abandonOpenSessions(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(
    sql`update ${adsSessions} set status = 'ABANDONED'
        where user_id = ${userId}::uuid and status in ('AD', 'CONTENT')`,
  );
}

/** A new session in AD; undefined when another open session of the member won a race. */
export async function insertSession(
  tx: DbOrTx,
  values: { userId: string; videoId: string; adStartedAt: Date },
): Promise<SessionRow | undefined> {
  const rows = await queryRows<Raw>(
    tx,
    sql`insert into ${adsSessions} (user_id, video_id, status, ad_started_at)
        values (${values.userId}::uuid, ${values.videoId}::uuid, 'AD', ${iso(values.adStartedAt)})
        on conflict (user_id) where status in ('AD', 'CONTENT') do nothing
        returning ${COLUMNS}`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/** AD → CONTENT, only once the ad has run since `adStartedBefore`. */
export async function startContent(
  db: DbOrTx,
  opts: { id: string; userId: string; now: Date; adStartedBefore: Date },
): Promise<SessionRow | undefined> {
  const rows = await queryRows<Raw>(
    db,
    sql`update ${adsSessions} set status = 'CONTENT', content_started_at = ${iso(opts.now)}
        where id = ${opts.id}::uuid and user_id = ${opts.userId}::uuid and status = 'AD'
          and ad_started_at <= ${iso(opts.adStartedBefore)}
        returning ${COLUMNS}`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

/**
 * CONTENT → COMPLETED and credited, once: concurrent completions of one session find one row
 * between them. Returns the session with its video's creator (the caller's transaction rolls
 * the whole step back if a later rule refuses the credit).
 */
export async function completeSession(
  tx: DbOrTx,
  opts: { id: string; userId: string; now: Date; contentStartedBefore: Date },
): Promise<(SessionRow & { creatorId: string }) | undefined> {
  const rows = await queryRows<Raw & { creatorId: string }>(
    tx,
    sql`update ${adsSessions} s set status = 'COMPLETED', content_completed_at = ${iso(opts.now)}, credited = true
        from ${videos} v
        where s.id = ${opts.id}::uuid and s.user_id = ${opts.userId}::uuid and s.status = 'CONTENT'
          and s.content_started_at <= ${iso(opts.contentStartedBefore)} and v.id = s.video_id
        returning s.id, s.user_id as "userId", s.video_id as "videoId", s.status,
          s.ad_started_at as "adStartedAt", s.content_started_at as "contentStartedAt",
          s.content_completed_at as "contentCompletedAt", s.credited, v.user_id as "creatorId"`,
  );
  const row = rows[0];
  return row ? { ...toRow(row), creatorId: String(row.creatorId) } : undefined;
}

/**
 * In one round trip: whether the member was credited for this video after `since` (then
 * nothing else happens), else one more credited session counted for `day` unless the cap is
 * reached. `slot` is the new count, or null when refused.
 */
export async function checkAndCountCredit(
  tx: DbOrTx,
  opts: {
    userId: string;
    videoId: string;
    sessionId: string;
    since: Date;
    day: string;
    cap: number;
  },
): Promise<{ recent: boolean; slot: number | null }> {
  const rows = await queryRows<{ recent: boolean; slot: number | null }>(
    tx,
    sql`with recent as (
          select 1 from ${adsSessions}
          where user_id = ${opts.userId}::uuid and video_id = ${opts.videoId}::uuid and credited
            and id <> ${opts.sessionId}::uuid and content_completed_at > ${iso(opts.since)}
          limit 1
        ), slot as (
          insert into ${watchDaily} as w (user_id, day, credited)
          select ${opts.userId}::uuid, ${opts.day}::date, 1 where not exists (select 1 from recent)
          on conflict (user_id, day) do update set credited = w.credited + 1
          where w.credited < ${opts.cap}
          returning credited
        )
        select exists (select 1 from recent) as recent, (select credited from slot) as slot`,
  );
  const row = rows[0];
  return { recent: Boolean(row?.recent), slot: row?.slot == null ? null : Number(row.slot) };
}

/** Links the credit's ledger transaction and counts the watch on the video, in one round trip. */
export async function recordCredit(
  tx: DbOrTx,
  opts: { sessionId: string; videoId: string; ledgerTransactionId: string },
): Promise<void> {
  await tx.execute(
    sql`with linked as (
          update ${adsSessions} set ledger_transaction_id = ${opts.ledgerTransactionId}::uuid
          where id = ${opts.sessionId}::uuid
        )
        update ${videos} set watched_count = watched_count + 1 where id = ${opts.videoId}::uuid`,
  );
}

/** Whether the member was credited for this video after `since`. */
export async function creditedSince(
  db: DbOrTx,
  userId: string,
  videoId: string,
  since: Date,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from ${adsSessions}
        where user_id = ${userId}::uuid and video_id = ${videoId}::uuid and credited
          and content_completed_at > ${iso(since)} limit 1`,
  );
  return rows.length > 0;
}

export async function creditedOn(db: DbOrTx, userId: string, day: string): Promise<number> {
  const rows = await queryRows<{ credited: number }>(
    db,
    sql`select credited from ${watchDaily} where user_id = ${userId}::uuid and day = ${day}::date`,
  );
  return Number(rows[0]?.credited ?? 0);
}
