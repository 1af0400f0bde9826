import { RISK } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import type { RiskReasonJson } from "../../db/schema";
import {
  REVIEW_REQUEST_COLUMNS,
  REVIEW_REQUESTER,
  type ReviewRequestRow,
} from "../enforcement/enforcement.repository";

/** The fraud queue's reads: members with their risk and pause, sessions, shared signals, referrals. */

export interface FraudMemberRow extends ReviewRequestRow {
  id: string;
  username: string;
  is_verified: boolean;
  suspended: boolean;
  score: number | null;
  level: string | null;
  reasons: RiskReasonJson[] | null;
  updated_at: string | null;
  cashout_paused_at: string | null;
}

const MEMBER_COLUMNS = sql`p.id, p.username, p.is_verified, p.suspended,
  r.score, r.level, r.reasons, r.updated_at, e.cashout_paused_at, ${REVIEW_REQUEST_COLUMNS}`;
const MEMBER_JOINS = sql`left join member_risk r on r.member_id = p.id
  left join member_enforcement e on e.member_id = p.id ${REVIEW_REQUESTER}`;

export function fraudMembers(db: DbOrTx, ids: readonly string[]): Promise<FraudMemberRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return queryRows<FraudMemberRow>(
    db,
    sql`select ${MEMBER_COLUMNS} from profiles p ${MEMBER_JOINS}
        where p.id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
}

/**
 * High-risk members not suspended: those support asked an admin to review first (longest
 * waiting first, ADR 071), then highest score first.
 */
export function highRiskMembers(db: DbOrTx, limit: number): Promise<FraudMemberRow[]> {
  return queryRows<FraudMemberRow>(
    db,
    sql`select ${MEMBER_COLUMNS} from member_risk r
        join profiles p on p.id = r.member_id
        left join member_enforcement e on e.member_id = p.id ${REVIEW_REQUESTER}
        where r.score >= ${RISK.highAt} and not p.suspended
        order by e.review_requested_at asc nulls last, r.score desc, r.updated_at desc
        limit ${limit}`,
  );
}

export async function lastRiskUpdate(db: DbOrTx): Promise<string | null> {
  const [row] = await queryRows<{ at: string | null }>(
    db,
    sql`select max(updated_at) as at from member_risk`,
  );
  return row?.at ?? null;
}

export interface SessionRow {
  id: string;
  status: string;
  ad_started_at: string;
  content_started_at: string | null;
  content_completed_at: string | null;
}

export function recentSessionsOf(db: DbOrTx, memberId: string, limit: number) {
  return queryRows<SessionRow>(
    db,
    sql`select id, status, ad_started_at, content_started_at, content_completed_at
        from ads_sessions where user_id = ${memberId}::uuid
        order by ad_started_at desc limit ${limit}`,
  );
}

/** Other members seen on this member's devices or networks since `since`, with what they share. */
export function sharedWith(db: DbOrTx, memberId: string, since: Date, limit: number) {
  return queryRows<{
    id: string;
    username: string;
    is_verified: boolean;
    devices: string[] | null;
    networks: string[] | null;
  }>(
    db,
    sql`with mine as (
          select distinct device_hash, network from member_signals
          where member_id = ${memberId}::uuid and created_at >= ${since.toISOString()}::timestamptz
        )
        select p.id, p.username, p.is_verified,
          array_remove(array_agg(distinct case when s.device_hash in
            (select device_hash from mine where device_hash is not null)
            then left(s.device_hash, 10) end), null) as devices,
          array_remove(array_agg(distinct case when s.network in
            (select network from mine where network is not null)
            then s.network end), null) as networks
        from member_signals s join profiles p on p.id = s.member_id
        where s.member_id <> ${memberId}::uuid
          and s.created_at >= ${since.toISOString()}::timestamptz
          and (s.device_hash in (select device_hash from mine where device_hash is not null)
               or s.network in (select network from mine where network is not null))
        group by p.id, p.username, p.is_verified
        order by p.username limit ${limit}`,
  );
}

/** The member's referrals, both ways (who they invited, who invited them). */
export function referralsOf(db: DbOrTx, memberId: string, limit: number) {
  return queryRows<{
    id: string;
    other_id: string;
    other_username: string;
    other_verified: boolean;
    direction: "invited" | "invitedBy";
    status: string;
    flag_reason: string | null;
  }>(
    db,
    sql`select r.id, p.id as other_id, p.username as other_username,
          p.is_verified as other_verified,
          case when r.referrer_user_id = ${memberId}::uuid then 'invited' else 'invitedBy' end
            as direction,
          r.status, r.flag_reason
        from referrals r
        join profiles p on p.id = case when r.referrer_user_id = ${memberId}::uuid
                                       then r.referred_user_id else r.referrer_user_id end
        where r.referrer_user_id = ${memberId}::uuid or r.referred_user_id = ${memberId}::uuid
        order by r.created_at desc limit ${limit}`,
  );
}
