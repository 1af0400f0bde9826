import { HOLD, type TBalances, type TWatchCompleteResult, VIDEO } from "@viewvault/shared";
import { command, type Money } from "../ledger/money-command";
import { riskLevelFor } from "../risk/risk.service";
import type { SessionRow } from "./watch.repository";
import { sessionId, toSessionDto, utcDay, type WatchDeps } from "./watch.service";
import { captchaFor, verifyCaptcha } from "./watch-captcha";
import { verifyChallenge } from "./watch-challenge";

const COMPLETE_COMMAND = command("vv_watch_complete", {
  p_member: "uuid",
  p_session: "uuid",
  p_now: "timestamptz",
  p_content_seconds: "int",
  p_rewatch_hours: "int",
  p_day: "date",
  p_cap: "int",
  p_watcher_reward: "bigint",
  p_creator_reward: "bigint",
  p_hold_hours: "jsonb",
  p_challenge_key: "text",
});

/**
 * Completes a session through its command (vv_watch_complete, db/functions/videos.sql):
 * the solved proof-of-work challenge is verified first (signature, this session, not expired);
 * then, once 30 s of content passed by the server's clock AND the heartbeats attested 30 s of it
 * (checked on the row in the completing statement) and the challenge was never spent (unique
 * key, spent in that statement), in one statement, the session is completed and the
 * watcher and the creator credited 1 view each, pending for the hold window (ADR 047; nothing to a suspended creator), the watch
 * counted, the rewatch window and the daily cap checked. Only one of many concurrent completions
 * finds the session in CONTENT.
 */
export async function completeWatch(
  money: Money,
  deps: Pick<WatchDeps, "clock" | "challengeKey" | "captcha">,
  memberId: string,
  rawId: string,
  proof: { solution: string; captchaToken?: string | undefined; clientIp: string },
): Promise<TWatchCompleteResult> {
  const id = sessionId(rawId);
  const now = deps.clock.now();
  const challengeKey = await verifyChallenge(deps.challengeKey, id, proof.solution, now);
  // The human check, where configured, for a member whose risk asks for it (checked before the
  // completing statement: a refusal changes nothing and the page can ask again).
  if (deps.captcha && captchaFor(deps.captcha, await riskLevelFor(money.db, memberId)))
    await verifyCaptcha(deps.captcha, proof.captchaToken, proof.clientIp);
  const outcome = await COMPLETE_COMMAND.run<{
    session: Record<string, string | boolean | null>;
    rewardViews: string;
    balances: TBalances;
  }>(money, {
    member: memberId,
    session: id,
    now,
    contentSeconds: VIDEO.contentSeconds,
    rewatchHours: VIDEO.rewatchWindowHours,
    day: utcDay(now),
    cap: VIDEO.dailyWatchCap,
    watcherReward: VIDEO.watcherRewardViews,
    creatorReward: VIDEO.creatorRewardViews,
    // hold: the rewards are pending for the hold window of each member's risk (ADR 047).
    holdHours: JSON.stringify(HOLD.hoursByRisk),
    challengeKey,
  });
  const { session, rewardViews, balances } = outcome.result;
  const date = (v: unknown) => (v ? new Date(v as string) : null);
  const row: SessionRow = {
    id: String(session.id),
    userId: String(session.user_id),
    videoId: String(session.video_id),
    status: session.status as SessionRow["status"],
    adStartedAt: new Date(session.ad_started_at as string),
    contentStartedAt: date(session.content_started_at),
    contentCompletedAt: date(session.content_completed_at),
    credited: Boolean(session.credited),
    adAttestedMs: Number(session.ad_attested_ms ?? 0),
    contentAttestedMs: Number(session.content_attested_ms ?? 0),
    hbSeq: Number(session.hb_seq ?? 0),
  };
  return { session: toSessionDto(row, now), rewardViews, balances };
}
