import {
  ATTENTION,
  accrueHeartbeat,
  type TWatchHeartbeat,
  type TWatchHeartbeatResult,
  type TWatchSession,
  type TWatchToday,
  VIDEO,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { riskLevelFor } from "../risk/risk.service";
import { findVideo } from "../videos/videos.repository";
import {
  abandonOpenSessions,
  creditedOn,
  creditedSince,
  earnedSince,
  findHeartbeatRow,
  findOpenSession,
  findSession,
  hasReportedUnplayable,
  insertSession,
  recordHeartbeat,
  reportedUnplayable,
  type SessionRow,
  startContent,
} from "./watch.repository";
import { type CaptchaConfig, captchaFor } from "./watch-captcha";
import { issueChallenge } from "./watch-challenge";

/**
 * What the watch commands need besides the database: the clock, the challenge's HMAC key and
 * the optional human check for high risk (off unless configured).
 */
export interface WatchDeps {
  db: Db;
  clock: Clock;
  challengeKey: string;
  captcha?: CaptchaConfig | undefined;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REWATCH_MS = VIDEO.rewatchWindowHours * 3_600_000;

const DAILY_CAP = { context: "watch", limit: VIDEO.dailyWatchCap } as const;

/** A completed session says so; an abandoned one is simply no longer active. */
function notActive(session: SessionRow): AppError {
  return new AppError(
    "SESSION_NOT_ACTIVE",
    session.status === "COMPLETED" ? { context: "completed" } : undefined,
  );
}

/** UTC day of an instant, as YYYY-MM-DD. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/**
 * What the feed shows a member: today's credited sessions against the daily cap (the UTC day, as
 * the cap counts), the videos that paid them within the rewatch window — the same window
 * startSession refuses a rewatch in — with when each can pay again, and the videos they reported
 * unplayable (the feed leaves those out for them, ADR 064).
 */
export async function watchToday(db: Db, clock: Clock, memberId: string): Promise<TWatchToday> {
  const now = clock.now();
  const day = utcDay(now);
  const [credited, earned, unplayable] = await Promise.all([
    creditedOn(db, memberId, day),
    earnedSince(db, memberId, new Date(now.getTime() - REWATCH_MS)),
    reportedUnplayable(db, memberId),
  ]);
  return {
    day,
    credited,
    cap: VIDEO.dailyWatchCap,
    earned: earned.map((e) => ({
      videoId: e.videoId,
      earnedAt: e.earnedAt.toISOString(),
      againAt: new Date(e.earnedAt.getTime() + REWATCH_MS).toISOString(),
    })),
    unplayable,
  };
}

export function toSessionDto(
  row: SessionRow,
  now: Date,
  challenge: TWatchSession["challenge"] = null,
  captcha: TWatchSession["captcha"] = null,
): TWatchSession {
  return {
    id: row.id,
    videoId: row.videoId,
    status: row.status,
    adStartedAt: row.adStartedAt.toISOString(),
    contentStartedAt: row.contentStartedAt?.toISOString() ?? null,
    contentCompletedAt: row.contentCompletedAt?.toISOString() ?? null,
    credited: row.credited,
    adSeconds: VIDEO.adSeconds,
    contentSeconds: VIDEO.contentSeconds,
    serverTime: now.toISOString(),
    adAttestedMs: row.adAttestedMs,
    contentAttestedMs: row.contentAttestedMs,
    heartbeatSeq: row.hbSeq,
    challenge,
    captcha,
  };
}

/**
 * The session's answer; in CONTENT with the proof-of-work challenge the page solves while the
 * content plays (ADR 046), bound to this session and costlier for a riskier member, and — for a
 * high-risk member where a human check is configured — that check's widget.
 */
async function sessionAnswer(deps: WatchDeps, row: SessionRow, now: Date): Promise<TWatchSession> {
  if (row.status !== "CONTENT") return toSessionDto(row, now);
  const risk = await riskLevelFor(deps.db, row.userId);
  return toSessionDto(
    row,
    now,
    await issueChallenge(deps.challengeKey, row.id, risk, now),
    captchaFor(deps.captcha, risk),
  );
}

/** A session id from the URL, lower-cased; a malformed one is NOT_FOUND. */
export function sessionId(id: string): string {
  if (!UUID_RE.test(id)) throw new AppError("NOT_FOUND", { context: "watchSession" });
  return id.toLowerCase();
}

/**
 * Starts a session (its advertisement) on a video. Refused on one's own video, on a video that
 * credited the member in the last 24 hours, on one the member reported unplayable and past the
 * daily cap, so nobody watches for nothing.
 * A member has one open session: starting one abandons the previous (unique partial index).
 */
export async function startSession(
  db: Db,
  clock: Clock,
  memberId: string,
  rawVideoId: string,
): Promise<TWatchSession> {
  if (!UUID_RE.test(rawVideoId)) throw new AppError("NOT_FOUND", { context: "video" });
  return db.transaction(async (tx) => {
    const now = clock.now();
    const video = await findVideo(tx, rawVideoId.toLowerCase());
    if (!video) throw new AppError("NOT_FOUND", { context: "video" });
    if (video.userId === memberId) throw new AppError("OWN_VIDEO");
    // A video that could not play for this member cannot pay them (ADR 064): no ad for nothing.
    if (await hasReportedUnplayable(tx, memberId, video.id)) throw new AppError("VIDEO_UNPLAYABLE");
    if (await creditedSince(tx, memberId, video.id, new Date(now.getTime() - REWATCH_MS)))
      throw new AppError("ALREADY_WATCHED");
    if ((await creditedOn(tx, memberId, utcDay(now))) >= VIDEO.dailyWatchCap)
      throw new AppError("DAILY_LIMIT_REACHED", DAILY_CAP);
    await abandonOpenSessions(tx, memberId);
    const session = await insertSession(tx, {
      userId: memberId,
      videoId: video.id,
      adStartedAt: now,
    });
    if (!session) throw new AppError("CONFLICT", { context: "watchRaced" });
    return toSessionDto(session, now);
  });
}

/**
 * The member's open session on a video (after a reload, the page continues it where the
 * server's clock says it is), with the server's time; null when there is none (the usual case:
 * every watch page asks). A malformed id is NOT_FOUND.
 */
export async function currentSession(
  deps: WatchDeps,
  memberId: string,
  rawVideoId: string,
): Promise<TWatchSession | null> {
  if (!UUID_RE.test(rawVideoId)) throw new AppError("NOT_FOUND", { context: "watchSession" });
  const session = await findOpenSession(deps.db, memberId, rawVideoId.toLowerCase());
  return session ? sessionAnswer(deps, session, deps.clock.now()) : null;
}

async function ownSession(db: Db, memberId: string, id: string): Promise<SessionRow> {
  const session = await findSession(db, id);
  if (!session || session.userId !== memberId)
    throw new AppError("NOT_FOUND", { context: "watchSession" });
  return session;
}

/**
 * The ad is over: the content starts, if the server saw 30 s of ad and the heartbeats attested
 * 30 s of it on screen (ADR 046). A retry is harmless.
 */
export async function beginContent(
  deps: WatchDeps,
  memberId: string,
  rawId: string,
): Promise<TWatchSession> {
  const { db, clock } = deps;
  const id = sessionId(rawId);
  const now = clock.now();
  const row = await startContent(db, {
    id,
    userId: memberId,
    now,
    adStartedBefore: new Date(now.getTime() - VIDEO.adSeconds * 1000),
    adAttestedMs: ATTENTION.adSeconds * 1000,
  });
  if (row) return sessionAnswer(deps, row, now);
  const session = await ownSession(db, memberId, id);
  if (session.status === "CONTENT") return sessionAnswer(deps, session, now);
  if (session.status === "AD") {
    if (session.adStartedAt.getTime() > now.getTime() - VIDEO.adSeconds * 1000)
      throw new AppError("SESSION_TOO_EARLY", { context: "ad" });
    throw new AppError("ATTENTION_NOT_PROVEN", { context: "ad", seconds: ATTENTION.adSeconds });
  }
  throw notActive(session);
}

/**
 * One heartbeat of the page (ADR 046), judged on the server's clock by the evidence accumulator
 * (packages/shared attention.ts) and recorded by ONE conditional update of the session row. A
 * replayed, out-of-order or too-early one is refused (409) and changes nothing; so is one for a
 * session a newer one replaced (context otherSession: the member watches elsewhere).
 */
export async function heartbeat(
  deps: WatchDeps,
  memberId: string,
  rawId: string,
  hb: TWatchHeartbeat,
): Promise<TWatchHeartbeatResult> {
  const id = sessionId(rawId);
  const row = await findHeartbeatRow(deps.db, id);
  if (!row || row.userId !== memberId) throw new AppError("NOT_FOUND", { context: "watchSession" });
  if (row.status === "ABANDONED")
    throw new AppError("HEARTBEAT_REJECTED", { context: "otherSession" });
  if (row.status === "COMPLETED")
    throw new AppError("SESSION_NOT_ACTIVE", { context: "completed" });
  const step = row.status === "AD" ? "ad" : "content";
  if (hb.step !== step || hb.seq <= row.hbSeq) throw new AppError("HEARTBEAT_REJECTED");
  const now = deps.clock.now();
  const prev = row.hbAt
    ? {
        seq: row.hbSeq,
        atMs: row.hbAt.getTime(),
        positionSeconds: row.hbPosition,
        qualifying: row.hbQualifying,
      }
    : null;
  const verdict = accrueHeartbeat(prev, hb, now.getTime());
  if (!verdict.accepted) throw new AppError("HEARTBEAT_REJECTED");
  const recorded = await recordHeartbeat(deps.db, {
    id,
    userId: memberId,
    status: row.status,
    prevSeq: row.hbSeq,
    seq: hb.seq,
    at: now,
    position: hb.positionSeconds,
    qualifying: verdict.mark.qualifying,
    creditMs: verdict.creditMs,
  });
  if (!recorded) {
    // A concurrent heartbeat, a newer session or the completion changed the row meanwhile.
    const after = await findHeartbeatRow(deps.db, id);
    if (after?.status === "ABANDONED")
      throw new AppError("HEARTBEAT_REJECTED", { context: "otherSession" });
    throw new AppError("HEARTBEAT_REJECTED");
  }
  return { seq: hb.seq, qualifying: verdict.mark.qualifying, ...recorded };
}
