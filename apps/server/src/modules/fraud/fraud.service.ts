import {
  RISK_LEVELS,
  type RiskLevel,
  riskLevelOf,
  type TFraudCluster,
  type TFraudEvidence,
  type TFraudMember,
  type TFraudQueue,
  type TRiskReason,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { enforcementOf, reviewRequestOf } from "../enforcement/enforcement.repository";
import { signalsSince } from "../risk/risk.repository";
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
    reviewRequest: reviewRequestOf(r),
  };
}

/**
 * The fraud queue (ADR 048): clusters of members sharing a device or a network in the window
 * (highest score first), and high-risk members (support's review requests first); both bounded.
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
