import { type TWatchCompleteResult, type TWatchSession, VIDEO } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import { postTransaction } from "../ledger/ledger.service";
import { findVideo } from "../videos/videos.repository";
import { toBalancesDto } from "../wallet/wallet.dto";
import {
  abandonOpenSessions,
  checkAndCountCredit,
  completeSession,
  creditedOn,
  creditedSince,
  findSession,
  insertSession,
  recordCredit,
  type SessionRow,
  startContent,
} from "./watch.repository";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REWATCH_MS = VIDEO.rewatchWindowHours * 3_600_000;

export const WATCH_MESSAGES = {
  videoNotFound: "Video Not Found",
  sessionNotFound: "Watch session not found",
  ownVideo: "You cannot earn views from your own video",
  alreadyWatched: "You already earned views from this video in the last 24 hours",
  dailyCap: `You have reached today's limit of ${VIDEO.dailyWatchCap} rewarded watch sessions`,
  raced: "Another watch session was started at the same time. Please try again.",
  adRunning: "The advertisement has not finished yet",
  contentRunning: "Keep watching: the video has not played for 30 seconds yet",
  contentNotStarted: "The video has not started yet",
  alreadyCompleted: "This session was already completed",
  abandoned: "This watch session is no longer active",
} as const;

/** UTC day of an instant, as YYYY-MM-DD. */
export function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function toSessionDto(row: SessionRow, now: Date): TWatchSession {
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
  };
}

function sessionId(id: string): string {
  if (!UUID_RE.test(id)) throw new AppError("NOT_FOUND", WATCH_MESSAGES.sessionNotFound);
  return id.toLowerCase();
}

/**
 * Starts a session (its advertisement) on a video. Refused on one's own video, on a video that
 * credited the member in the last 24 hours and past the daily cap, so nobody watches for nothing.
 * A member has one open session: starting one abandons the previous (unique partial index).
 */
export async function startSession(
  db: Db,
  clock: Clock,
  memberId: string,
  rawVideoId: string,
): Promise<TWatchSession> {
  if (!UUID_RE.test(rawVideoId)) throw new AppError("NOT_FOUND", WATCH_MESSAGES.videoNotFound);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const video = await findVideo(tx, rawVideoId.toLowerCase());
    if (!video) throw new AppError("NOT_FOUND", WATCH_MESSAGES.videoNotFound);
    if (video.userId === memberId) throw new AppError("OWN_VIDEO", WATCH_MESSAGES.ownVideo);
    if (await creditedSince(tx, memberId, video.id, new Date(now.getTime() - REWATCH_MS)))
      throw new AppError("ALREADY_WATCHED", WATCH_MESSAGES.alreadyWatched);
    if ((await creditedOn(tx, memberId, utcDay(now))) >= VIDEO.dailyWatchCap)
      throw new AppError("DAILY_LIMIT_REACHED", WATCH_MESSAGES.dailyCap);
    await abandonOpenSessions(tx, memberId);
    const session = await insertSession(tx, {
      userId: memberId,
      videoId: video.id,
      adStartedAt: now,
    });
    if (!session) throw new AppError("CONFLICT", WATCH_MESSAGES.raced);
    return toSessionDto(session, now);
  });
}

async function ownSession(db: Db, memberId: string, id: string): Promise<SessionRow> {
  const session = await findSession(db, id);
  if (!session || session.userId !== memberId)
    throw new AppError("NOT_FOUND", WATCH_MESSAGES.sessionNotFound);
  return session;
}

/** The ad is over: the content starts, if the server saw 30 s of ad. A retry is harmless. */
export async function beginContent(
  db: Db,
  clock: Clock,
  memberId: string,
  rawId: string,
): Promise<TWatchSession> {
  const id = sessionId(rawId);
  const now = clock.now();
  const row = await startContent(db, {
    id,
    userId: memberId,
    now,
    adStartedBefore: new Date(now.getTime() - VIDEO.adSeconds * 1000),
  });
  if (row) return toSessionDto(row, now);
  const session = await ownSession(db, memberId, id);
  if (session.status === "CONTENT") return toSessionDto(session, now);
  if (session.status === "AD") throw new AppError("SESSION_TOO_EARLY", WATCH_MESSAGES.adRunning);
  throw new AppError(
    "SESSION_NOT_ACTIVE",
    session.status === "COMPLETED" ? WATCH_MESSAGES.alreadyCompleted : WATCH_MESSAGES.abandoned,
  );
}

/**
 * Completes a session once 30 s of content passed by the server's clock, and in the same
 * transaction credits the watcher and the creator 1 view each (from the rewards account) and
 * counts the watch. Only one of many concurrent completions finds the session in CONTENT.
 */
export async function completeWatch(
  db: Db,
  clock: Clock,
  memberId: string,
  rawId: string,
): Promise<TWatchCompleteResult> {
  const id = sessionId(rawId);
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await completeSession(tx, {
      id,
      userId: memberId,
      now,
      contentStartedBefore: new Date(now.getTime() - VIDEO.contentSeconds * 1000),
    });
    if (!row) {
      const session = await findSession(tx, id);
      if (!session || session.userId !== memberId)
        throw new AppError("NOT_FOUND", WATCH_MESSAGES.sessionNotFound);
      if (session.status === "AD")
        throw new AppError("SESSION_TOO_EARLY", WATCH_MESSAGES.contentNotStarted);
      if (session.status === "CONTENT")
        throw new AppError("SESSION_TOO_EARLY", WATCH_MESSAGES.contentRunning);
      throw new AppError(
        "SESSION_NOT_ACTIVE",
        session.status === "COMPLETED" ? WATCH_MESSAGES.alreadyCompleted : WATCH_MESSAGES.abandoned,
      );
    }
    const creatorId = row.creatorId;
    if (creatorId === memberId) throw new AppError("OWN_VIDEO", WATCH_MESSAGES.ownVideo);
    // One open session per member serialises a member's completions, so the 24-hour check is
    // exact; the daily cap is a counter row updated conditionally.
    const credit = await checkAndCountCredit(tx, {
      userId: memberId,
      videoId: row.videoId,
      sessionId: id,
      since: new Date(now.getTime() - REWATCH_MS),
      day: utcDay(now),
      cap: VIDEO.dailyWatchCap,
    });
    if (credit.recent) throw new AppError("ALREADY_WATCHED", WATCH_MESSAGES.alreadyWatched);
    if (credit.slot === null) throw new AppError("DAILY_LIMIT_REACHED", WATCH_MESSAGES.dailyCap);
    const reward = VIDEO.watcherRewardViews;
    const posted = await postTransaction(tx, {
      kind: "watch_reward",
      actorProfileId: memberId,
      memo: { videoId: row.videoId, sessionId: id },
      legs: [
        {
          account: { system: "rewards", currency: "VIEWS" },
          amount: -(reward + VIDEO.creatorRewardViews),
        },
        {
          account: { member: memberId, currency: "VIEWS" },
          amount: reward,
          counterparty: creatorId,
        },
        {
          account: { member: creatorId, currency: "VIEWS" },
          amount: VIDEO.creatorRewardViews,
          counterparty: memberId,
        },
      ],
    });
    await recordCredit(tx, {
      sessionId: id,
      videoId: row.videoId,
      ledgerTransactionId: posted.transactionId,
    });
    const balances = posted.balances.get(memberId) ?? (await readBalances(tx, memberId));
    return {
      session: toSessionDto(row, now),
      rewardViews: reward.toString(),
      balances: toBalancesDto(balances),
    };
  });
}
