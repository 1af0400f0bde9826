import {
  RISK_POINTS,
  RISK_SIGNALS,
  type RiskLevel,
  riskLevelOf,
  type TRiskReason,
} from "@viewvault/shared";

/** What the score weighs for one member (ADR 048). */
export interface RiskInputs {
  /** Other members seen on one of this member's devices within the window. */
  membersSharingDevice: number;
  /** Other members seen on one of this member's networks within the window. */
  membersSharingNetwork: number;
  /** Other members seen on one of this member's devices *on the same network* within the window. */
  membersSharingDeviceAndNetwork: number;
  /** The most watch sessions this member started within any one hour. */
  maxSessionsPerHour: number;
  /** Sessions whose ad → content → completion timings (to the millisecond) repeat an earlier one's. */
  identicalTimings: number;
  /** Sessions started within RISK_SIGNALS.backToBackSeconds of the previous one's end. */
  backToBack: number;
  /** Referrals involving this member that were held or rejected as suspicious. */
  flaggedReferrals: number;
  /** This member's completed sessions that ran in lockstep with another member's (ADR 071). */
  lockstepSessions?: number;
  /** The other members met in lockstep. */
  lockstepAccounts?: number;
  /** Of those, the members also seen on one of this member's networks. */
  lockstepOnNetwork?: number;
  /** This member's watch sessions started without the app's device signal. */
  sessionsWithoutDevice?: number;
  /**
   * Members sharing a network with this member when neither sent any device signal in the window
   * (0 when this member sent one at least once).
   */
  noDeviceSharersOnNetwork?: number;
}

export interface RiskScore {
  score: number;
  level: RiskLevel;
  reasons: TRiskReason[];
}

/** The watch sessions' timing signals, from sessions in start order (pure). */
export function timingSignals(
  sessions: readonly {
    adStartedAt: Date;
    contentStartedAt: Date | null;
    contentCompletedAt: Date | null;
  }[],
): Pick<RiskInputs, "maxSessionsPerHour" | "identicalTimings" | "backToBack"> {
  const sorted = [...sessions].sort((a, b) => a.adStartedAt.getTime() - b.adStartedAt.getTime());
  let maxSessionsPerHour = 0;
  let from = 0;
  for (let i = 0; i < sorted.length; i++) {
    const start = (sorted[i] as (typeof sorted)[number]).adStartedAt.getTime();
    while (start - (sorted[from] as (typeof sorted)[number]).adStartedAt.getTime() >= 3_600_000)
      from++;
    maxSessionsPerHour = Math.max(maxSessionsPerHour, i - from + 1);
  }
  const seen = new Set<string>();
  let identicalTimings = 0;
  let backToBack = 0;
  let previousEnd: number | null = null;
  for (const s of sorted) {
    const start = s.adStartedAt.getTime();
    if (s.contentStartedAt && s.contentCompletedAt) {
      // To the millisecond: the page paces every honest session by the server's attested time
      // (ADR 064), so whole seconds repeat for everyone (30 s and 30 s); only a replay repeats
      // to the millisecond.
      const shape = `${s.contentStartedAt.getTime() - start}:${
        s.contentCompletedAt.getTime() - s.contentStartedAt.getTime()
      }`;
      if (seen.has(shape)) identicalTimings++;
      else seen.add(shape);
    }
    if (
      previousEnd !== null &&
      start >= previousEnd &&
      start - previousEnd <= RISK_SIGNALS.backToBackSeconds * 1000
    ) {
      backToBack++;
    }
    if (s.contentCompletedAt) previousEnd = s.contentCompletedAt.getTime();
  }
  return { maxSessionsPerHour, identicalTimings, backToBack };
}

/** What accounts share — a device, a network, a missing device signal — without behaviour. */
const SHARING: ReadonlySet<TRiskReason["code"]> = new Set([
  "sharedDevice",
  "sharedNetwork",
  "noDeviceSignal",
]);

/**
 * Without behaviour, sharing counts at most RISK_POINTS.sharingWithoutBehaviourMax (below high
 * risk): the later reasons give up points (a reason may add 0), so each
 * reason is still listed as evidence and the points still sum to the score (ADR 071).
 */
function capSharing(reasons: TRiskReason[]): void {
  let left: number = RISK_POINTS.sharingWithoutBehaviourMax;
  for (const r of reasons) {
    if (!SHARING.has(r.code)) continue;
    r.points = Math.min(r.points, left);
    left -= r.points;
  }
}

/**
 * The risk score (0–100) and its reasons: a shared device weighs most, a shared network less (a
 * household, a café, a carrier's CGNAT); the same device on the same network weighs only with
 * behaviour; lockstep with other accounts points at a script, and on a shared network makes an
 * account high risk; sessions without the app's device signal weigh little alone and much with
 * behaviour, and sharing without behaviour stays below high risk (ADR 071); velocity and identical
 * timings point at automation; a flagged referral at self-invitation. Pure, so the rules are
 * unit-tested.
 */
export function scoreRisk(inputs: RiskInputs): RiskScore {
  const reasons: TRiskReason[] = [];
  const add = (code: TRiskReason["code"], points: number, params: TRiskReason["params"]): void => {
    reasons.push({ code, points, params });
  };
  if (inputs.membersSharingDevice > 0) {
    add(
      "sharedDevice",
      Math.min(
        RISK_POINTS.sharedDeviceMax,
        RISK_POINTS.sharedDevice +
          RISK_POINTS.sharedDeviceEachOther * (inputs.membersSharingDevice - 1),
      ),
      { accounts: inputs.membersSharingDevice },
    );
  }
  if (inputs.membersSharingNetwork > 0) {
    add(
      "sharedNetwork",
      Math.min(
        RISK_POINTS.sharedNetworkMax,
        RISK_POINTS.sharedNetwork +
          RISK_POINTS.sharedNetworkEachOther * (inputs.membersSharingNetwork - 1),
      ),
      { accounts: inputs.membersSharingNetwork },
    );
  }
  const lockstepSessions = inputs.lockstepSessions ?? 0;
  const lockstepAccounts = inputs.lockstepAccounts ?? 0;
  const lockstep =
    lockstepAccounts > 0 &&
    (lockstepAccounts >= RISK_SIGNALS.lockstepMinAccounts ||
      lockstepSessions >= RISK_SIGNALS.lockstepMinSessions);
  const burst = inputs.maxSessionsPerHour >= RISK_SIGNALS.sessionsPerHourBurst;
  const identical = inputs.identicalTimings >= RISK_SIGNALS.minRepeats;
  const backToBack = inputs.backToBack >= RISK_SIGNALS.minRepeats;
  const referrals = inputs.flaggedReferrals > 0;
  const behaviour = lockstep || burst || identical || backToBack || referrals;
  // The same device on the same network is evidence only together with behaviour: identical
  // phones on one carrier share both (ADR 071).
  if (inputs.membersSharingDeviceAndNetwork > 0 && behaviour) {
    add("sharedDeviceAndNetwork", RISK_POINTS.sharedDeviceAndNetwork, {
      accounts: inputs.membersSharingDeviceAndNetwork,
    });
  }
  if (lockstep) {
    add("lockstep", RISK_POINTS.lockstep, {
      accounts: lockstepAccounts,
      sessions: lockstepSessions,
      seconds: RISK_SIGNALS.lockstepSeconds,
    });
    if ((inputs.lockstepOnNetwork ?? 0) > 0) {
      add("networkAndLockstep", RISK_POINTS.networkAndLockstep, {
        accounts: inputs.lockstepOnNetwork ?? 0,
      });
    }
  }
  if ((inputs.sessionsWithoutDevice ?? 0) > 0) {
    add("noDeviceSignal", RISK_POINTS.noDeviceSignal, {
      sessions: inputs.sessionsWithoutDevice ?? 0,
    });
  }
  // So is never sending the device signal on a network where another account never does either:
  // two members whose privacy tools block the fingerprint behind one CGNAT look the same.
  if ((inputs.noDeviceSharersOnNetwork ?? 0) > 0 && behaviour) {
    add("networkAndNoDevice", RISK_POINTS.networkAndNoDevice, {
      accounts: inputs.noDeviceSharersOnNetwork ?? 0,
    });
  }
  if (burst) {
    add("sessionBurst", RISK_POINTS.sessionBurst, { perHour: inputs.maxSessionsPerHour });
  }
  if (identical) {
    add("identicalTimings", RISK_POINTS.identicalTimings, { sessions: inputs.identicalTimings });
  }
  if (backToBack) {
    add("backToBack", RISK_POINTS.backToBack, {
      sessions: inputs.backToBack,
      seconds: RISK_SIGNALS.backToBackSeconds,
    });
  }
  if (referrals) {
    add("referralFlagged", RISK_POINTS.referralFlagged, { referrals: inputs.flaggedReferrals });
  }
  if (!behaviour) capSharing(reasons);
  const score = Math.min(
    100,
    reasons.reduce((sum, r) => sum + r.points, 0),
  );
  return { score, level: riskLevelOf(score), reasons };
}
