/**
 * Proof of attention, holds and enforcement: the rules the server enforces, the web
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
  /**
   * Risk levels that must also pass the third-party human check (hCaptcha or Cloudflare
   * Turnstile) when one is configured (CAPTCHA_PROVIDER; off by default, ADR 046).
   */
  captchaRiskLevels: ["high"] as readonly RiskLevel[],
} as const;

/** The third-party human checks a deployment may add for high risk (off by default). */
export const CAPTCHA_PROVIDERS = ["hcaptcha", "turnstile"] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

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

export const WATCH_STEPS = ["ad", "content"] as const;
export type WatchStep = (typeof WATCH_STEPS)[number];

/** The YouTube IFrame Player API's states (YT.PlayerState), as a heartbeat reports them. */
export const PLAYER_STATES = [
  "unstarted",
  "playing",
  "paused",
  "buffering",
  "ended",
  "cued",
] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];

/** What one heartbeat says about the page (packages/shared/src/contracts/videos.ts validates it). */
export interface HeartbeatEvidence {
  step: WatchStep;
  seq: number;
  playerState: PlayerState;
  /** The player's position in seconds (content), 0 during the advertisement. */
  positionSeconds: number;
  visible: boolean;
  focused: boolean;
  /** Share of the player on screen (IntersectionObserver), 0–1. */
  visibleRatio: number;
  playerWidth: number;
  playerHeight: number;
}

/**
 * Whether one heartbeat's page was attending: the advertisement needs the page visible and
 * focused; the content also needs the player PLAYING, at least half on screen and 200×200 px.
 */
export function heartbeatQualifies(hb: HeartbeatEvidence): boolean {
  if (!hb.visible || !hb.focused) return false;
  if (hb.step === "ad") return true;
  return (
    hb.playerState === "playing" &&
    hb.visibleRatio >= ATTENTION.minVisibleRatio &&
    hb.playerWidth >= ATTENTION.minPlayerPx &&
    hb.playerHeight >= ATTENTION.minPlayerPx
  );
}

/** The previous heartbeat of a session as the server kept it (its own clock's instant). */
export interface HeartbeatMark {
  seq: number;
  atMs: number;
  positionSeconds: number;
  qualifying: boolean;
}

export type HeartbeatVerdict =
  | { accepted: true; creditMs: number; mark: HeartbeatMark }
  | { accepted: false; reason: "outOfOrder" | "tooFast" };

/**
 * The evidence accumulator (ADR 046), on the server's clock: a heartbeat is accepted only with a
 * larger seq than the previous one and at least minHeartbeatGapMs after it; it credits the time
 * since the previous heartbeat only when both qualify, the gap is at most maxHeartbeatGapMs and
 * (for the content) the position advanced at a plausible rate: no pause, no seek ahead, no time
 * travel. The first heartbeat of a step (`prev` null) credits nothing.
 */
export function accrueHeartbeat(
  prev: HeartbeatMark | null,
  hb: HeartbeatEvidence,
  nowMs: number,
): HeartbeatVerdict {
  const qualifying = heartbeatQualifies(hb);
  const mark: HeartbeatMark = {
    seq: hb.seq,
    atMs: nowMs,
    positionSeconds: hb.positionSeconds,
    qualifying,
  };
  if (!prev) return { accepted: true, creditMs: 0, mark };
  if (hb.seq <= prev.seq) return { accepted: false, reason: "outOfOrder" };
  const elapsedMs = nowMs - prev.atMs;
  if (elapsedMs < ATTENTION.minHeartbeatGapMs) return { accepted: false, reason: "tooFast" };
  if (!qualifying || !prev.qualifying || elapsedMs > ATTENTION.maxHeartbeatGapMs)
    return { accepted: true, creditMs: 0, mark };
  if (hb.step === "content") {
    const rate = ((hb.positionSeconds - prev.positionSeconds) * 1000) / elapsedMs;
    if (rate < ATTENTION.playbackRateMin || rate > ATTENTION.playbackRateMax)
      return { accepted: true, creditMs: 0, mark };
  }
  return { accepted: true, creditMs: elapsedMs, mark };
}
