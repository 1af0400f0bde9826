import { RISK_SIGNALS } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type DbOrTx, preparedRows, queryRows } from "../../db/client";
import type { RiskReasonJson } from "../../db/schema";

/** Signals, watch-session timings and referral flags the risk score reads; member_risk rows. */

export interface SignalRow {
  member_id: string;
  device_hash: string | null;
  network: string | null;
  /** 'sign_in' or 'watch_session' (absent in hand-built rows: counted as a sign-in). */
  kind?: string;
}

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * A signal counts when it is in the window and newer than its member's last review ("clear"
 * resets the score: what was seen before the review no longer counts).
 */
const COUNTS = (since: Date) => sql`s.created_at >= ${iso(since)}
  and not exists (select 1 from member_enforcement e
                  where e.member_id = s.member_id and e.reviewed_at is not null
                    and s.created_at <= e.reviewed_at)`;

/** Every counting signal in the window, newest first, at most RISK_SIGNALS.maxSignalsPerRun. */
export function signalsSince(db: DbOrTx, since: Date): Promise<SignalRow[]> {
  return queryRows<SignalRow>(
    db,
    sql`select s.member_id, s.device_hash, s.network, s.kind from member_signals s
        where ${COUNTS(since)}
        order by s.created_at desc limit ${RISK_SIGNALS.maxSignalsPerRun}`,
  );
}

/**
 * The member's counting signals (newest RISK_SIGNALS.recentSessions) and the newest counting
 * signals of others sharing a device or a network with them (RISK_SIGNALS.maxSignalsAroundMember).
 */
export function signalsAround(db: DbOrTx, memberId: string, since: Date): Promise<SignalRow[]> {
  return queryRows<SignalRow>(
    db,
    sql`with mine as (
          select s.member_id, s.device_hash, s.network, s.kind from member_signals s
          where s.member_id = ${memberId}::uuid and ${COUNTS(since)}
          order by s.created_at desc limit ${RISK_SIGNALS.recentSessions}
        )
        select member_id, device_hash, network, kind from mine
        union all
        (select s.member_id, s.device_hash, s.network, s.kind from member_signals s
         where ${COUNTS(since)} and s.member_id <> ${memberId}::uuid
           and (s.device_hash in (select device_hash from mine where device_hash is not null)
                or s.network in (select network from mine where network is not null))
         order by s.created_at desc limit ${RISK_SIGNALS.maxSignalsAroundMember})`,
  );
}

export interface TimingRow {
  user_id: string;
  ad_started_at: string;
  content_started_at: string | null;
  content_completed_at: string | null;
}

/** The members' watch sessions in the window (newest RISK_SIGNALS.recentSessions each). */
export function sessionTimings(
  db: DbOrTx,
  memberIds: readonly string[],
  since: Date,
): Promise<TimingRow[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return queryRows<TimingRow>(
    db,
    sql`select t.user_id, t.ad_started_at, t.content_started_at, t.content_completed_at
        from unnest(${`{${memberIds.join(",")}}`}::uuid[]) as m(id)
        cross join lateral (
          select a.user_id, a.ad_started_at, a.content_started_at, a.content_completed_at
          from ads_sessions a
          where a.user_id = m.id and a.ad_started_at >= ${iso(since)}
            and not exists (select 1 from member_enforcement e
                            where e.member_id = a.user_id and e.reviewed_at is not null
                              and a.ad_started_at <= e.reviewed_at)
          order by a.ad_started_at desc limit ${RISK_SIGNALS.recentSessions}
        ) t`,
  );
}

export interface LockstepRow {
  member_id: string;
  sessions: number;
  accounts: number;
  within_ms: number;
  partners: string[];
}

/** Two completed sessions of different members in lockstep (ADR 071): `a` and `b` aliases. */
const LOCKSTEP_S = RISK_SIGNALS.lockstepSeconds;
/**
 * `b`'s instant within the lockstep seconds of `a`'s, written as a range so that the index
 * ads_sessions_completed_at_idx (completion, ad start, content start) checks all three on its
 * entries: only sessions close on every instant are read from the table.
 */
const near = (column: "content_completed_at" | "ad_started_at" | "content_started_at") =>
  sql.raw(`b.${column} between a.${column} - make_interval(secs => ${LOCKSTEP_S})
                             and a.${column} + make_interval(secs => ${LOCKSTEP_S})`);
const IN_LOCKSTEP = sql`b.status = 'COMPLETED' and b.user_id <> a.user_id
  and ${near("content_completed_at")} and ${near("ad_started_at")} and ${near("content_started_at")}
  and abs(b.hb_seq - a.hb_seq) <= 1
  and abs(b.hb_position - a.hb_position) <= ${sql.raw(String(LOCKSTEP_S))}`;

/**
 * Per member: their completed sessions in the window (since their review) that ran in lockstep
 * with another member's, the other members met so, and the widest gap between two matched
 * timestamps (the evidence: how close). Reads the completed sessions around each of theirs by
 * completion time (index ads_sessions_completed_at_idx).
 */
export function lockstepOf(
  db: DbOrTx,
  memberIds: readonly string[],
  since: Date,
): Promise<LockstepRow[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return queryRows<LockstepRow>(
    db,
    sql`select a.user_id as member_id, count(distinct a.id)::int as sessions,
               count(distinct b.user_id)::int as accounts,
               max(greatest(abs(extract(epoch from b.ad_started_at - a.ad_started_at)),
                            abs(extract(epoch from b.content_started_at - a.content_started_at)),
                            abs(extract(epoch from b.content_completed_at - a.content_completed_at)))
                   * 1000)::int as within_ms,
               array_agg(distinct b.user_id::text) as partners
        from ads_sessions a
        join ads_sessions b on ${IN_LOCKSTEP}
        where a.user_id = any(${`{${memberIds.join(",")}}`}::uuid[]) and a.status = 'COMPLETED'
          and a.ad_started_at >= ${iso(since)}
          and not exists (select 1 from member_enforcement e
                          where e.member_id = a.user_id and e.reviewed_at is not null
                            and a.ad_started_at <= e.reviewed_at)
        group by a.user_id`,
  );
}

/**
 * Up to `limit` members whose completed sessions ran in lockstep with this one (at its
 * completion), those closest to it in time first.
 */
export async function lockstepPartnersOf(
  db: DbOrTx,
  sessionId: string,
  limit: number = RISK_SIGNALS.lockstepRescoreMax,
): Promise<string[]> {
  // At every completion: a named prepared statement, planned once per connection (its planning
  // cost as much as its run).
  const rows = await preparedRows<{ user_id: string }>(
    db,
    sql`select b.user_id from ads_sessions a join ads_sessions b on ${IN_LOCKSTEP}
        where a.id = ${sessionId}::uuid and a.status = 'COMPLETED'
        group by b.user_id
        order by min(abs(extract(epoch from b.content_completed_at - a.content_completed_at)))
        limit ${limit}`,
  );
  return rows.map((r) => r.user_id);
}

/** Referrals a member is part of that were held or rejected as suspicious (since their review). */
export function flaggedReferralCounts(
  db: DbOrTx,
  memberIds: readonly string[],
): Promise<{ member_id: string; flagged: number }[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return queryRows(
    db,
    sql`select m.id as member_id, count(r.id)::int as flagged
        from unnest(${`{${memberIds.join(",")}}`}::uuid[]) as m(id)
        join referrals r on (r.referrer_user_id = m.id or r.referred_user_id = m.id)
        left join member_enforcement e on e.member_id = m.id
        where r.status in ('HELD', 'REJECTED') and r.flag_reason is not null
          and (e.reviewed_at is null or r.created_at > e.reviewed_at)
        group by m.id`,
  );
}

/** Members with a score above zero (so a score whose signals aged out falls back to zero). */
export async function scoredMembers(db: DbOrTx): Promise<string[]> {
  const rows = await queryRows<{ member_id: string }>(
    db,
    sql`select member_id from member_risk where score > 0`,
  );
  return rows.map((r) => r.member_id);
}

export interface RiskRowInput {
  memberId: string;
  score: number;
  level: string;
  reasons: RiskReasonJson[];
}

/** Writes the scores (one statement for the batch); `onlyRaise` keeps a higher score in place. */
export async function upsertRisk(
  db: DbOrTx,
  rows: readonly RiskRowInput[],
  at: Date,
  onlyRaise = false,
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.memberId}::uuid, ${r.score}, ${r.level}, ${JSON.stringify(r.reasons)}::jsonb, ${iso(at)})`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`insert into member_risk (member_id, score, level, reasons, updated_at)
        values ${values}
        on conflict (member_id) do update
          set score = excluded.score, level = excluded.level,
              reasons = excluded.reasons, updated_at = excluded.updated_at
          ${onlyRaise ? sql`where member_risk.score < excluded.score` : sql``}`,
  );
}

export interface RiskRow {
  member_id: string;
  score: number;
  level: string;
  reasons: RiskReasonJson[];
  updated_at: string;
}

export async function riskOf(db: DbOrTx, memberId: string): Promise<RiskRow | undefined> {
  const rows = await queryRows<RiskRow>(
    db,
    sql`select member_id, score, level, reasons, updated_at from member_risk
        where member_id = ${memberId}::uuid`,
  );
  return rows[0];
}
