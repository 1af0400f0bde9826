import {
  DESK_RISK_DAYS,
  RISK_LEVELS,
  type RiskLevel,
  riskLevelOf,
  type TDeskRisk,
  viewsToMicroUsdt,
} from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import type { Clock } from "../../lib/clock";
import {
  REVIEW_REQUEST_COLUMNS,
  REVIEW_REQUESTER,
  type ReviewRequestRow,
  reviewRequestOf,
} from "../enforcement/enforcement.repository";
import { signalsAround } from "./risk.repository";
import { clustersOf, windowStart } from "./risk.service";

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface MemberRow extends ReviewRequestRow {
  member_id: string;
  score: number | null;
  level: string | null;
  reasons: TDeskRisk["reasons"] | null;
  held: string;
  cleared: string;
  watched: string;
}

/** What percent of `whole` `part` is, at most 100. */
function sharePercent(part: bigint, whole: bigint): number {
  const percent = (part * 100n) / whole;
  return Number(percent > 100n ? 100n : percent);
}

const levelOf = (level: string | null, score: number): RiskLevel =>
  RISK_LEVELS.includes(level as RiskLevel) ? (level as RiskLevel) : riskLevelOf(score);

/**
 * The payout desk's view of withdrawing members (ADR 071), from the fraud queue's source
 * (member_risk), the member's holds and support's open review request: one read for the members,
 * one bounded signal read each for their cluster. `amounts` (micro-USDT per member) gives the share earned by watching.
 */
export async function deskRiskOf(
  db: DbOrTx,
  clock: Clock,
  amounts: ReadonlyMap<string, bigint>,
): Promise<Map<string, TDeskRisk>> {
  const ids = [...amounts.keys()];
  const result = new Map<string, TDeskRisk>();
  if (ids.length === 0) return result;
  const now = clock.now();
  const since = new Date(now.getTime() - DESK_RISK_DAYS * 86_400_000);
  const rows = await queryRows<MemberRow>(
    db,
    sql`select m.id as member_id, r.score, r.level, r.reasons, ${REVIEW_REQUEST_COLUMNS},
          coalesce((select sum(h.amount) from earning_holds h
                    where h.member_id = m.id and h.status = 'HELD' and h.currency = 'VIEWS'), 0)::text as held,
          coalesce((select sum(h.amount) from earning_holds h
                    where h.member_id = m.id and h.status = 'CLEARED' and h.currency = 'VIEWS'
                      and h.settled_at >= ${iso(since)}), 0)::text as cleared,
          coalesce((select sum(h.amount) from earning_holds h
                    where h.member_id = m.id and h.currency = 'VIEWS' and h.source_kind = 'watch_reward'
                      and h.created_at >= ${iso(since)}), 0)::text as watched
        from unnest(${`{${ids.join(",")}}`}::uuid[]) as m(id)
        left join member_risk r on r.member_id = m.id
        left join member_enforcement e on e.member_id = m.id ${REVIEW_REQUESTER}`,
  );
  const windowFrom = windowStart(clock);
  for (const row of rows) {
    const score = row.score ?? 0;
    const level = levelOf(row.level, score);
    const clusters = clustersOf(await signalsAround(db, row.member_id, windowFrom));
    const cluster = clusters.find((c) => c.members.includes(row.member_id)) ?? null;
    let clusterMembers: NonNullable<TDeskRisk["cluster"]>["members"] = [];
    if (cluster) {
      clusterMembers = await queryRows<{
        id: string;
        username: string;
        level: RiskLevel;
        score: number;
      }>(
        db,
        sql`select p.id, p.username, coalesce(r.level, 'normal') as level, coalesce(r.score, 0) as score
            from profiles p left join member_risk r on r.member_id = p.id
            where p.id = any(${`{${cluster.members.join(",")}}`}::uuid[]) and p.id <> ${row.member_id}::uuid
            order by coalesce(r.score, 0) desc, p.username limit 20`,
      );
    }
    const amount = amounts.get(row.member_id) ?? 0n;
    const watched = BigInt(row.watched);
    result.set(row.member_id, {
      score,
      level,
      reasons: row.reasons ?? [],
      inReview: level === "high",
      reviewRequest: reviewRequestOf(row),
      cluster: cluster
        ? {
            members: clusterMembers,
            sharedDevices: cluster.devices,
            sharedNetworks: cluster.networks,
          }
        : null,
      heldViews: row.held,
      clearedViewsRecent: row.cleared,
      watchedViewsRecent: row.watched,
      watchSharePercent: amount > 0n ? sharePercent(viewsToMicroUsdt(watched), amount) : null,
    });
  }
  return result;
}
