/**
 * Proof of attention, holds and enforcement (SPEC §11): the rules the server enforces, the web
 * page follows and the policy pages quote. One place, so code and policy cannot disagree.
 */

/** A member's risk level, from the risk score (0–100). */
export const RISK_LEVELS = ["low", "normal", "high"] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const ATTENTION = {
  /** The page sends one heartbeat this often while the advertisement or the content is shown. */
  heartbeatSeconds: 5,
  /** The server refuses heartbeats closer together than this (a replay or a flood). */
  minHeartbeatGapMs: 2_000,
  /** A gap longer than this between two heartbeats counts nothing for the time in between. */
  maxHeartbeatGapMs: 12_000,
  /**
   * Playback must advance at about 1× the server's clock between two PLAYING heartbeats:
   * position advance ÷ elapsed time within [min, max] (buffering dips, small clock jitter).
   */
  playbackRateMin: 0.6,
  playbackRateMax: 1.6,
  /** The player must be at least this share on screen and at least this size, in CSS pixels. */
  minVisibleRatio: 0.5,
  minPlayerPx: 200,
  /** Seconds of attested attention each step needs (the seed's 30 s ad and 30 s content). */
  adSeconds: 30,
  contentSeconds: 30,
  /** A session without a heartbeat for this long is abandoned. */
  sessionIdleTimeoutSeconds: 120,
  /** Different members reporting a video unplayable take it out of the feed. */
  unplayableReportsToHide: 3,
} as const;

/** The proof-of-work challenge that completes a session: its cost rises with the member's risk. */
export const CHALLENGE = {
  /** Largest random number the client must find (altcha's maxnumber), per risk level. */
  maxNumberByRisk: { low: 50_000, normal: 100_000, high: 1_000_000 } satisfies Record<
    RiskLevel,
    number
  >,
  /** A challenge expires this long after it was issued. */
  expiresSeconds: 600,
} as const;

export const HOLD = {
  /** Watch rewards, creator credits and view-request gains are pending this long, per risk. */
  hoursByRisk: { low: 24, normal: 24, high: 72 } satisfies Record<RiskLevel, number>,
  /** The clearing job runs this often (once per period across instances). */
  clearEveryMinutes: 5,
} as const;

export const RISK = {
  /** Score at or above which a member is high risk (and listed in the fraud queue). */
  highAt: 60,
  /** Score below which a member is low risk. */
  lowBelow: 10,
} as const;

export function riskLevelOf(score: number): RiskLevel {
  if (score >= RISK.highAt) return "high";
  if (score < RISK.lowBelow) return "low";
  return "normal";
}
