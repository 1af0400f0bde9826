import { RISK_SIGNALS } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { toLocale, translator } from "../../lib/i18n";
import { recordAuditEvent } from "../audit/audit.service";
import { lockEnforcement, updateEnforcement } from "../enforcement/enforcement.repository";
import { notifyMember } from "../notifications/notifications.service";
import { lockstepPartnersOf, signalsAround } from "./risk.repository";
import { clustersOf, recomputeAllRisk, recomputeMemberRisk, windowStart } from "./risk.service";

/**
 * What a high score does by itself (ADR 071): when at least RISK_SIGNALS.pauseClusterSize members
 * of one group (a cluster sharing a device or a network, or members met in lockstep) are high
 * risk, the cash-out of each of those high-risk members is paused — with a reason in the member's
 * language, the notification and the appeal that staff pauses have — and audited as the system's.
 * Never a suspension or a claw-back: those stay a staff decision. A member already paused, or
 * reviewed since their score rose (member_risk.updated_at), is left alone.
 */
export async function pauseHighRiskGroups(
  db: Db,
  clock: Clock,
  groups: readonly (readonly string[])[],
): Promise<string[]> {
  const candidates = [
    ...new Set(groups.filter((g) => g.length >= RISK_SIGNALS.pauseClusterSize).flat()),
  ];
  if (candidates.length === 0) return [];
  const rows = await queryRows<{ member_id: string; locale: string | null; paused: boolean }>(
    db,
    sql`select r.member_id, p.locale, (e.cashout_paused_at is not null) as paused
        from member_risk r join profiles p on p.id = r.member_id
        left join member_enforcement e on e.member_id = r.member_id
        where r.member_id = any(${`{${candidates.join(",")}}`}::uuid[]) and r.level = 'high'
          and (e.reviewed_at is null or e.reviewed_at < r.updated_at)`,
  );
  const high = new Map(rows.map((r) => [r.member_id, r]));
  const paused: string[] = [];
  for (const group of groups) {
    const members = group.filter((m) => high.has(m));
    if (members.length < RISK_SIGNALS.pauseClusterSize) continue;
    for (const memberId of members) {
      const row = high.get(memberId);
      if (!row || row.paused || paused.includes(memberId)) continue;
      const reason = translator(toLocale(row.locale) ?? "en")("enforcement:autoPause.reason", {
        count: members.length - 1,
      });
      const done = await db.transaction(async (tx) => {
        const now = clock.now();
        const locked = await lockEnforcement(tx, memberId, now);
        if (locked.cashoutPausedAt) return false;
        await updateEnforcement(tx, memberId, {
          cashoutPausedAt: now,
          reason,
          pausedBy: null,
          appealRequestId: null,
          updatedAt: now,
        });
        await recordAuditEvent(tx, {
          actorProfileId: null,
          actorRole: "system",
          action: "fraud.cashout.pause",
          targetProfileId: memberId,
          reason,
          before: { cashoutPaused: false },
          after: { cashoutPaused: true, pausedAt: now.toISOString() },
          details: { automatic: true, highRiskMembers: members.length },
          createdAt: now,
        });
        await notifyMember(tx, memberId, "cashoutPaused", { reason }, now);
        return true;
      });
      if (done) paused.push(memberId);
    }
  }
  return paused;
}

/**
 * After a watch session completes (ADR 071): one indexed read for other members' sessions in
 * lockstep with it; only when there are some, the scores of this member and of those members (at
 * most RISK_SIGNALS.lockstepRescoreMax of them, the closest) are recomputed now — a farm's next
 * round already meets its new level — and their groups checked for the automatic pause. An
 * honest completion costs that one read.
 */
export async function riskAfterCompletion(
  db: Db,
  clock: Clock,
  memberId: string,
  sessionId: string,
): Promise<void> {
  const partners = await lockstepPartnersOf(db, sessionId);
  if (partners.length === 0) return;
  const group = [memberId, ...partners];
  for (const id of group) await recomputeMemberRisk(db, clock, id);
  const clusters = clustersOf(await signalsAround(db, memberId, windowStart(clock))).map(
    (c) => c.members,
  );
  await pauseHighRiskGroups(db, clock, [group, ...clusters]);
}

/** The periodic job (every RISK_SIGNALS.recomputeMinutes): every score, then the automatic pause. */
export async function riskJob(db: Db, clock: Clock): Promise<{ members: number; paused: number }> {
  const { members, clusters } = await recomputeAllRisk(db, clock);
  const paused = await pauseHighRiskGroups(
    db,
    clock,
    clusters.map((c) => c.members),
  );
  return { members, paused: paused.length };
}
