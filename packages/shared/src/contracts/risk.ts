import { z } from "zod";
import { RISK_LEVELS } from "../attention";
import { SUPPORT_DESK } from "../constants";
import { validationKey as v } from "../errors";
import { ZReason } from "./admin";
import { ZDeskReviewRequest } from "./desk-risk";
import { ZMemberRef } from "./money";

/**
 * Risk signals, clusters and cash-out enforcement (ADR 048): what the risk score
 * weighs and the thresholds the policy pages quote.
 */
export const RISK_SIGNALS = {
  /** Sign-ins and watch sessions older than this do not cluster or score. */
  windowDays: 14,
  /** Most signals read per recompute (newest first): the job stays bounded. */
  maxSignalsPerRun: 50_000,
  /** Most signals read around one member on sign-in or session start (a crowded network). */
  maxSignalsAroundMember: 2_000,
  /** A cluster: at least this many members sharing a device or a network. */
  minClusterSize: 2,
  /** Watch sessions started within one hour at or above this count as a burst. */
  sessionsPerHourBurst: 20,
  /** A session started within this many seconds of the previous one's end is back-to-back. */
  backToBackSeconds: 2,
  /** Back-to-back starts, and sessions with identical timings, at or above this count score. */
  minRepeats: 3,
  /** Watch sessions read per member for the timing signals. */
  recentSessions: 200,
  /** The job recomputing every score runs this often (once per period across instances). */
  recomputeMinutes: 10,
  /**
   * Lockstep: two members' completed sessions whose ad start, content start and completion each
   * lie within this many seconds of each other, with the same heartbeat count (±1) and position.
   * People do not watch in unison; a script driving several accounts does.
   */
  lockstepSeconds: 3,
  /**
   * At a completion in lockstep, at most this many of the other members are rescored at once
   * (each member is rescored at their own completion, and the job scores everyone): a farm of
   * thousands in unison cannot make every completion rescore thousands.
   */
  lockstepRescoreMax: 20,
  /** Lockstep scores once a member's sessions met this many other accounts in lockstep... */
  lockstepMinAccounts: 2,
  /** ...or met the same account(s) in lockstep in this many sessions (a pair, repeatedly). */
  lockstepMinSessions: 2,
  /** A cluster of at least this many high-risk members gets its cash-out paused automatically. */
  pauseClusterSize: 3,
} as const;

/**
 * Points per reason (the score is their sum, at most 100). A device alone never makes an account
 * high risk (identical phones and browsers share a fingerprint), nor does a network alone (a
 * household, a café, a mobile carrier's CGNAT). The same device on the same network counts only
 * together with behaviour (lockstep, back-to-back sessions, identical timings, a burst, a flagged
 * referral): two strangers with the same phone model on one carrier share both and nothing else.
 * Lockstep with other accounts is the behaviour of a script, and on a shared network makes an
 * account high risk. Never sending the app's device signal, on a network shared with another
 * account that never does either, counts only together with behaviour too (privacy tools behind a
 * carrier's CGNAT look the same). Without behaviour, what accounts share (device, network, a
 * missing device signal) counts at most `sharingWithoutBehaviourMax`, below high risk (ADR 071).
 */
export const RISK_POINTS = {
  sharedDevice: 30,
  sharedDeviceEachOther: 2,
  sharedDeviceMax: 40,
  sharedNetwork: 10,
  sharedNetworkEachOther: 2,
  sharedNetworkMax: 20,
  sharedDeviceAndNetwork: 30,
  sessionBurst: 20,
  identicalTimings: 20,
  backToBack: 15,
  referralFlagged: 20,
  lockstep: 35,
  networkAndLockstep: 25,
  noDeviceSignal: 10,
  networkAndNoDevice: 50,
  sharingWithoutBehaviourMax: 50,
} as const;

export const RISK_REASON_CODES = [
  "sharedDevice",
  "sharedNetwork",
  "sharedDeviceAndNetwork",
  "sessionBurst",
  "identicalTimings",
  "backToBack",
  "referralFlagged",
  "lockstep",
  "networkAndLockstep",
  "noDeviceSignal",
  "networkAndNoDevice",
] as const;
export type RiskReasonCode = (typeof RISK_REASON_CODES)[number];

/** The number each reason's text counts: its plural form follows it (ADR 069). */
export const RISK_REASON_COUNTS: Record<RiskReasonCode, string> = {
  sharedDevice: "accounts",
  sharedNetwork: "accounts",
  sharedDeviceAndNetwork: "accounts",
  sessionBurst: "perHour",
  identicalTimings: "sessions",
  backToBack: "sessions",
  referralFlagged: "referrals",
  lockstep: "accounts",
  networkAndLockstep: "accounts",
  noDeviceSignal: "sessions",
  networkAndNoDevice: "accounts",
};

/** One reason for a risk score: a code (rendered from the admin locale) with its numbers. */
export const ZRiskReason = z
  .object({
    code: z.enum(RISK_REASON_CODES),
    points: z.number().int(),
    params: z.record(z.string(), z.union([z.number(), z.string()])),
  })
  .meta({ id: "RiskReason" });
export type TRiskReason = z.infer<typeof ZRiskReason>;

export const ZMemberEnforcement = z
  .object({
    cashoutPausedAt: z.iso.datetime().nullable(),
    pauseReason: z.string().nullable(),
    appealRequestId: z.uuid().nullable(),
    reviewedAt: z.iso.datetime().nullable(),
    reviewReason: z.string().nullable(),
  })
  .meta({ id: "MemberEnforcement" });
export type TMemberEnforcement = z.infer<typeof ZMemberEnforcement>;

export const ZFraudMember = z
  .object({
    member: ZMemberRef,
    suspended: z.boolean(),
    score: z.number().int(),
    level: z.enum(RISK_LEVELS),
    reasons: z.array(ZRiskReason),
    updatedAt: z.iso.datetime().nullable(),
    cashoutPaused: z.boolean(),
    /** Support asked for this member's review at the payout desk (ADR 071), until cleared or paused. */
    reviewRequest: ZDeskReviewRequest.nullable(),
  })
  .meta({ id: "FraudMember" });
export type TFraudMember = z.infer<typeof ZFraudMember>;

export const ZFraudCluster = z
  .object({
    /** Stable for the same members: the smallest member id in it. */
    id: z.string(),
    members: z.array(ZFraudMember),
    sharedDevices: z.number().int(),
    sharedNetworks: z.array(z.string()),
    maxScore: z.number().int(),
  })
  .meta({ id: "FraudCluster" });
export type TFraudCluster = z.infer<typeof ZFraudCluster>;

export const ZFraudQueue = z
  .object({
    clusters: z.array(ZFraudCluster),
    /** High-risk members (score ≥ RISK.highAt) not yet reviewed since their score rose. */
    highRisk: z.array(ZFraudMember),
    computedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "FraudQueue" });
export type TFraudQueue = z.infer<typeof ZFraudQueue>;

export const ZFraudSession = z.object({
  id: z.uuid(),
  status: z.string(),
  adStartedAt: z.iso.datetime(),
  contentStartedAt: z.iso.datetime().nullable(),
  contentCompletedAt: z.iso.datetime().nullable(),
  /** Seconds from the previous session's end to this one's start (null for the first). */
  gapSeconds: z.number().nullable(),
});

export const ZFraudEvidence = z
  .object({
    member: ZFraudMember,
    enforcement: ZMemberEnforcement,
    sessions: z.array(ZFraudSession),
    /** Other members seen on one of this member's devices (hash prefix) or networks. */
    sharedWith: z.array(
      z.object({
        member: ZMemberRef,
        devices: z.array(z.string()),
        networks: z.array(z.string()),
      }),
    ),
    referrals: z.array(
      z.object({
        id: z.uuid(),
        other: ZMemberRef,
        direction: z.enum(["invited", "invitedBy"]),
        status: z.string(),
        flagReason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "FraudEvidence" });
export type TFraudEvidence = z.infer<typeof ZFraudEvidence>;

export const FRAUD_ACTIONS = ["clear", "clawBack", "pause", "lift", "suspend"] as const;
export type FraudAction = (typeof FRAUD_ACTIONS)[number];

export const ZFraudActionRequest = z.object({ reason: ZReason }).meta({ id: "FraudActionRequest" });
export type TFraudActionRequest = z.infer<typeof ZFraudActionRequest>;

/** What a member sees of their own enforcement: a cash-out pause, its reason and their appeal. */
export const ZOwnEnforcement = z
  .object({
    cashoutPaused: z
      .object({
        reason: z.string(),
        pausedAt: z.iso.datetime(),
        appealRequestId: z.uuid().nullable(),
      })
      .nullable(),
    /**
     * The member is high risk and not yet reviewed (ADR 071): their earnings on hold do not clear
     * and support cannot pay their withdrawals until an admin reviews the account.
     */
    inReview: z.boolean(),
  })
  .meta({ id: "OwnEnforcement" });
export type TOwnEnforcement = z.infer<typeof ZOwnEnforcement>;

export const ZAppealRequest = z
  .object({
    message: z
      .string()
      .trim()
      .min(1, v("messageRequired"))
      .max(SUPPORT_DESK.messageMaxLength, v("tooLong")),
  })
  .meta({ id: "AppealRequest" });
export type TAppealRequest = z.infer<typeof ZAppealRequest>;
