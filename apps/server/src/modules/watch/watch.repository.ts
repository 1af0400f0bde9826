import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { adsSessions, type WatchStatus, watchDaily } from "../../db/schema";

export interface SessionRow {
  id: string;
  userId: string;
  videoId: string;
  status: WatchStatus;
  adStartedAt: Date;
  contentStartedAt: Date | null;
  contentCompletedAt: Date | null;
  credited: boolean;
  adAttestedMs: number;
  contentAttestedMs: number;
  hbSeq: number;
}

type Raw = Record<keyof SessionRow, unknown>;

const COLUMNS = sql`id, user_id as "userId", video_id as "videoId", status,
  ad_started_at as "adStartedAt", content_started_at as "contentStartedAt",
  content_completed_at as "contentCompletedAt", credited,
  ad_attested_ms as "adAttestedMs", content_attested_ms as "contentAttestedMs", hb_seq as "hbSeq"`;

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
    adAttestedMs: Number(r.adAttestedMs ?? 0),
    contentAttestedMs: Number(r.contentAttestedMs ?? 0),
    hbSeq: Number(r.hbSeq ?? 0),
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

/** The member's open session (AD or CONTENT) on this video, if any (a member has one at most). */
export async function findOpenSession(
  db: DbOrTx,
  userId: string,
  videoId: string,
): Promise<SessionRow | undefined> {
  const rows = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from ${adsSessions}
        where user_id = ${userId}::uuid and video_id = ${videoId}::uuid
          and status in ('AD', 'CONTENT')
        limit 1`,
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

/**
 * AD → CONTENT, only once the ad has run since `adStartedBefore` and the heartbeats attested
 * `adAttestedMs` of it (ADR 046). The content's first heartbeat then counts nothing (no previous
 * content heartbeat), so the heartbeat mark is cleared; its seq goes on.
 */
export async function startContent(
  db: DbOrTx,
  opts: { id: string; userId: string; now: Date; adStartedBefore: Date; adAttestedMs: number },
): Promise<SessionRow | undefined> {
  const rows = await queryRows<Raw>(
    db,
    sql`update ${adsSessions} set status = 'CONTENT', content_started_at = ${iso(opts.now)},
          hb_at = null, hb_qualifying = false
        where id = ${opts.id}::uuid and user_id = ${opts.userId}::uuid and status = 'AD'
          and ad_started_at <= ${iso(opts.adStartedBefore)}
          and ad_attested_ms >= ${opts.adAttestedMs}
        returning ${COLUMNS}`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
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

/**
 * The videos that credited the member after `since`, each with its latest credit (the
 * ads_sessions_credited_idx range of the member).
 */
export async function earnedSince(
  db: DbOrTx,
  userId: string,
  since: Date,
): Promise<Array<{ videoId: string; earnedAt: Date }>> {
  const rows = await queryRows<{ videoId: string; earnedAt: Date | string }>(
    db,
    sql`select video_id as "videoId", max(content_completed_at) as "earnedAt" from ${adsSessions}
        where user_id = ${userId}::uuid and credited and content_completed_at > ${iso(since)}
        group by video_id order by 2 desc`,
  );
  return rows.map((r) => ({ videoId: String(r.videoId), earnedAt: new Date(r.earnedAt) }));
}

/** The videos the member reported unplayable (they cannot pay the member: ADR 064). */
export async function reportedUnplayable(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await queryRows<{ videoId: string }>(
    db,
    sql`select video_id as "videoId" from video_unplayable_reports
        where user_id = ${userId}::uuid order by created_at desc limit 500`,
  );
  return rows.map((r) => String(r.videoId));
}

/** Whether the member reported this video unplayable (the report's primary key). */
export async function hasReportedUnplayable(
  db: DbOrTx,
  userId: string,
  videoId: string,
): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from video_unplayable_reports
        where video_id = ${videoId}::uuid and user_id = ${userId}::uuid`,
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

/** What a heartbeat needs of its session: one primary-key read. */
export interface HeartbeatRow {
  userId: string;
  status: WatchStatus;
  hbSeq: number;
  hbAt: Date | null;
  hbPosition: number;
  hbQualifying: boolean;
}

export async function findHeartbeatRow(db: DbOrTx, id: string): Promise<HeartbeatRow | undefined> {
  const rows = await queryRows<Record<keyof HeartbeatRow, unknown>>(
    db,
    sql`select user_id as "userId", status, hb_seq as "hbSeq", hb_at as "hbAt",
          hb_position as "hbPosition", hb_qualifying as "hbQualifying"
        from ${adsSessions} where id = ${id}::uuid`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    userId: String(r.userId),
    status: r.status as WatchStatus,
    hbSeq: Number(r.hbSeq),
    hbAt: date(r.hbAt),
    hbPosition: Number(r.hbPosition),
    hbQualifying: Boolean(r.hbQualifying),
  };
}

/**
 * Records an accepted heartbeat: ONE conditional update of the session row (ADR 046), applied
 * only if the row is still in the step and at the seq the verdict was computed from (a
 * concurrent heartbeat, a new session or the completion makes it a no-op). Undefined then.
 */
export async function recordHeartbeat(
  db: DbOrTx,
  opts: {
    id: string;
    userId: string;
    status: "AD" | "CONTENT";
    prevSeq: number;
    seq: number;
    at: Date;
    position: number;
    qualifying: boolean;
    creditMs: number;
  },
): Promise<{ adAttestedMs: number; contentAttestedMs: number } | undefined> {
  const ad = opts.status === "AD" ? opts.creditMs : 0;
  const content = opts.status === "CONTENT" ? opts.creditMs : 0;
  const rows = await queryRows<{ adAttestedMs: unknown; contentAttestedMs: unknown }>(
    db,
    sql`update ${adsSessions} set hb_seq = ${opts.seq}, hb_at = ${iso(opts.at)},
          hb_position = ${opts.position}, hb_qualifying = ${opts.qualifying},
          ad_attested_ms = ad_attested_ms + ${ad}::int,
          content_attested_ms = content_attested_ms + ${content}::int
        where id = ${opts.id}::uuid and user_id = ${opts.userId}::uuid
          and status = ${opts.status} and hb_seq = ${opts.prevSeq}
        returning ad_attested_ms as "adAttestedMs", content_attested_ms as "contentAttestedMs"`,
  );
  const r = rows[0];
  return r
    ? { adAttestedMs: Number(r.adAttestedMs), contentAttestedMs: Number(r.contentAttestedMs) }
    : undefined;
}
