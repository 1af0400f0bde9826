import {
  type FraudAction,
  RISK_LEVELS,
  type RiskLevel,
  riskLevelOf,
  type TFraudCluster,
  type TFraudEvidence,
  type TFraudMember,
  type TFraudQueue,
  type TRiskReason,
} from "@viewvault/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { recordAuditEvent } from "../audit/audit.service";
import type { StaffActor } from "../audit/staff-actor";
import {
  enforcementOf,
  lockEnforcement,
  updateEnforcement,
} from "../enforcement/enforcement.repository";
import { clawBackMemberHolds } from "../holds/holds.service";
import type { Money } from "../ledger/money-command";
import { setMemberSuspended } from "../members/suspension.service";
import { notifyMember } from "../notifications/notifications.service";
import { riskOf, signalsSince, upsertRisk } from "../risk/risk.repository";
import { clustersOf, windowStart } from "../risk/risk.service";
import {
  type FraudMemberRow,
  fraudMembers,
  highRiskMembers,
  lastRiskUpdate,
  recentSessionsOf,
  referralsOf,
  sharedWith,
} from "./fraud.repository";

const QUEUE_CLUSTERS = 50;
const CLUSTER_MEMBERS = 50;
const HIGH_RISK = 100;
const EVIDENCE_SESSIONS = 50;
const EVIDENCE_SHARED = 50;
const EVIDENCE_REFERRALS = 50;

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function fraudMember(r: FraudMemberRow): TFraudMember {
  const score = r.score ?? 0;
  const level = RISK_LEVELS.includes(r.level as RiskLevel)
    ? (r.level as RiskLevel)
    : riskLevelOf(score);
  return {
    member: { id: r.id, username: r.username, isVerified: r.is_verified },
    suspended: r.suspended,
    score,
    level,
    reasons: (r.reasons ?? []) as TRiskReason[],
    updatedAt: iso(r.updated_at),
    cashoutPaused: r.cashout_paused_at !== null,
  };
}

/**
 * The fraud queue (ADR 048): clusters of members sharing a device or a network in the window
 * (highest score first), and high-risk members; both bounded.
 */
export async function getFraudQueue(db: Db, clock: Clock): Promise<TFraudQueue> {
  const signals = await signalsSince(db, windowStart(clock));
  const clusters = clustersOf(signals);
  const ids = [...new Set(clusters.flatMap((c) => c.members.slice(0, CLUSTER_MEMBERS)))];
  const [rows, high, computedAt] = await Promise.all([
    fraudMembers(db, ids),
    highRiskMembers(db, HIGH_RISK),
    lastRiskUpdate(db),
  ]);
  const byId = new Map(rows.map((r) => [r.id, fraudMember(r)]));
  const listed: TFraudCluster[] = clusters.map((c) => {
    const members = c.members
      .slice(0, CLUSTER_MEMBERS)
      .map((id) => byId.get(id))
      .filter((m): m is TFraudMember => m !== undefined)
      .sort((a, b) => b.score - a.score);
    return {
      id: c.members[0] as string,
      members,
      sharedDevices: c.devices,
      sharedNetworks: c.networks,
      maxScore: members.reduce((max, m) => Math.max(max, m.score), 0),
    };
  });
  listed.sort((a, b) => b.maxScore - a.maxScore || b.members.length - a.members.length);
  return {
    clusters: listed.slice(0, QUEUE_CLUSTERS),
    highRisk: high.map(fraudMember),
    computedAt: iso(computedAt),
  };
}

/** One member's evidence: score and reasons, pause, sessions and timings, shared signals, referrals. */
export async function getFraudEvidence(
  db: Db,
  clock: Clock,
  memberId: string,
): Promise<TFraudEvidence> {
  const [row] = await fraudMembers(db, [memberId]);
  if (!row) throw new AppError("NOT_FOUND", { context: "member" });
  const [enforcement, sessions, shared, referrals] = await Promise.all([
    enforcementOf(db, memberId),
    recentSessionsOf(db, memberId, EVIDENCE_SESSIONS),
    sharedWith(db, memberId, windowStart(clock), EVIDENCE_SHARED),
    referralsOf(db, memberId, EVIDENCE_REFERRALS),
  ]);
  const ordered = [...sessions].reverse();
  const withGaps = ordered.map((s, i) => {
    const previous = ordered[i - 1];
    const previousEnd = previous?.content_completed_at ?? null;
    return {
      id: s.id,
      status: s.status,
      adStartedAt: iso(s.ad_started_at) as string,
      contentStartedAt: iso(s.content_started_at),
      contentCompletedAt: iso(s.content_completed_at),
      gapSeconds:
        previousEnd === null
          ? null
          : Math.round(
              (new Date(s.ad_started_at).getTime() - new Date(previousEnd).getTime()) / 100,
            ) / 10,
    };
  });
  return {
    member: fraudMember(row),
    enforcement: {
      cashoutPausedAt: iso(enforcement?.cashoutPausedAt ?? null),
      pauseReason: enforcement?.cashoutPausedAt ? (enforcement.reason ?? null) : null,
      appealRequestId: enforcement?.cashoutPausedAt ? enforcement.appealRequestId : null,
      reviewedAt: iso(enforcement?.reviewedAt ?? null),
      reviewReason: enforcement?.reviewReason ?? null,
    },
    sessions: withGaps.reverse(),
    sharedWith: shared.map((s) => ({
      member: { id: s.id, username: s.username, isVerified: s.is_verified },
      devices: s.devices ?? [],
      networks: s.networks ?? [],
    })),
    referrals: referrals.map((r) => ({
      id: r.id,
      other: { id: r.other_id, username: r.other_username, isVerified: r.other_verified },
      direction: r.direction,
      status: r.status,
      flagReason: r.flag_reason,
    })),
  };
}

async function memberExists(db: Db, memberId: string): Promise<void> {
  const [row] = await fraudMembers(db, [memberId]);
  if (!row) throw new AppError("NOT_FOUND", { context: "member" });
}

/**
 * A fraud-queue action on a member, with its reason, audited in the same transaction as its
 * effect (the route has checked the admin role, 2FA and a recent step-up):
 * - clear: marks the member reviewed; the score resets to 0 and signals seen before no longer count;
 * - clawBack: every HELD hold of the member goes back to the platform (modules/holds: one
 *   transaction, each hold exactly once; NOT_FOUND when nothing is held);
 * - pause / lift: cash-out (withdrawals, USDT transfers) paused with the reason, or resumed;
 * - suspend: the existing suspension (sessions revoked, requests and offers cancelled).
 */
export interface FraudActionOptions {
  money: Money;
  clock: Clock;
  actor: StaffActor;
  memberId: string;
  action: FraudAction;
  reason: string;
}

type FraudAudit = {
  actorProfileId: string;
  actorRole: StaffActor["role"];
  address: StaffActor["address"];
  reason: string;
  targetProfileId: string;
};

async function clawBackHeld(o: FraudActionOptions, audit: FraudAudit): Promise<void> {
  const holds = await clawBackMemberHolds(o.money, o.clock, o.memberId, o.actor, o.reason);
  if (!holds.length) throw new AppError("NOT_FOUND", { context: "heldEarnings" });
  const views = holds.reduce((sum, h) => sum + BigInt(h.amount), 0n);
  await recordAuditEvent(o.money.db, {
    ...audit,
    action: "fraud.clawback",
    before: { heldViews: views.toString() },
    after: { heldViews: "0", amount: views.toString(), currency: "VIEWS" },
    details: { holds: holds.map((h) => h.id), views: views.toString() },
  });
}

async function clearRisk(tx: Tx, o: FraudActionOptions, audit: FraudAudit, now: Date) {
  const { memberId } = o;
  const before = await riskOf(tx, memberId);
  await updateEnforcement(tx, memberId, {
    reviewedAt: now,
    reviewedBy: o.actor.profileId,
    reviewReason: o.reason,
    updatedAt: now,
  });
  await upsertRisk(tx, [{ memberId, score: 0, level: riskLevelOf(0), reasons: [] }], now);
  await recordAuditEvent(tx, {
    ...audit,
    action: "fraud.clear",
    before: before
      ? { score: before.score, level: before.level, reasons: before.reasons }
      : { score: null, level: null, reasons: [] },
    after: { score: 0, level: riskLevelOf(0), reviewedAt: now.toISOString() },
  });
}

type EnforcementLock = Awaited<ReturnType<typeof lockEnforcement>>;

async function pauseCashout(
  tx: Tx,
  o: FraudActionOptions,
  audit: FraudAudit,
  row: EnforcementLock,
  now: Date,
) {
  const { memberId, reason } = o;
  if (row.cashoutPausedAt) throw new AppError("CONFLICT", { context: "alreadyPaused" });
  await updateEnforcement(tx, memberId, {
    cashoutPausedAt: now,
    reason,
    pausedBy: o.actor.profileId,
    appealRequestId: null,
    updatedAt: now,
  });
  await recordAuditEvent(tx, {
    ...audit,
    action: "fraud.cashout.pause",
    before: { cashoutPaused: false },
    after: { cashoutPaused: true, pausedAt: now.toISOString() },
  });
  await notifyMember(tx, memberId, "cashoutPaused", { reason }, now);
}

async function liftCashout(
  tx: Tx,
  o: FraudActionOptions,
  audit: FraudAudit,
  row: EnforcementLock,
  now: Date,
) {
  if (!row.cashoutPausedAt) throw new AppError("CONFLICT", { context: "notPaused" });
  await updateEnforcement(tx, o.memberId, {
    cashoutPausedAt: null,
    reason: null,
    pausedBy: null,
    appealRequestId: null,
    updatedAt: now,
  });
  await recordAuditEvent(tx, {
    ...audit,
    action: "fraud.cashout.lift",
    before: {
      cashoutPaused: true,
      pausedAt: row.cashoutPausedAt.toISOString(),
      pauseReason: row.reason,
      appealRequestId: row.appealRequestId,
    },
    after: { cashoutPaused: false },
  });
}

export async function applyFraudAction(options: FraudActionOptions): Promise<void> {
  const { money, clock, actor, memberId, action, reason } = options;
  const { db } = money;
  await memberExists(db, memberId);
  const audit: FraudAudit = {
    actorProfileId: actor.profileId,
    actorRole: actor.role,
    address: actor.address,
    reason,
    targetProfileId: memberId,
  };
  if (action === "suspend") {
    // Its own transaction and audit row (member.suspend), with this reason.
    await setMemberSuspended({
      db,
      clock,
      actorProfileId: actor.profileId,
      targetProfileId: memberId,
      suspended: true,
      context: { actorRole: actor.role, address: actor.address, reason },
    });
    return;
  }
  if (action === "clawBack") return clawBackHeld(options, audit);
  const now = clock.now();
  await db.transaction(async (tx) => {
    const row = await lockEnforcement(tx, memberId, now);
    if (action === "clear") return clearRisk(tx, options, audit, now);
    if (action === "pause") return pauseCashout(tx, options, audit, row, now);
    return liftCashout(tx, options, audit, row, now);
  });
}
