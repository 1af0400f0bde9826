import {
  EVENT_BONUS,
  parseUsdt,
  REFERRAL,
  type TEventBonus,
  type TGrantBonusRequest,
  type TMilestoneReward,
  type TRewardClaimResult,
  type TRewards,
} from "@viewvault/shared";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Realtime } from "../../plugins/realtime";
import type { StaffActor } from "../audit/staff-actor";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import {
  availableBonuses,
  availableMilestones,
  type EventBonusRow,
  earnedViewsOf,
  type MilestoneRewardRow,
} from "./rewards.repository";

function toBonusDto(row: EventBonusRow): TEventBonus {
  return {
    id: row.id,
    status: row.status,
    claimAmount: row.claimAmount.toString(),
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    claimedAt: row.claimedAt?.toISOString() ?? null,
  };
}

function toMilestoneDto(row: MilestoneRewardRow): TMilestoneReward {
  return {
    id: row.id,
    milestoneViews: row.milestoneViews.toString(),
    rewardUsdt: row.rewardUsdt.toString(),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The member's AVAILABLE event bonuses and milestone rewards, and lifetime earned views. */
export async function rewardsOf(db: Db, profileId: string): Promise<TRewards> {
  const [bonuses, milestones, earned] = await Promise.all([
    availableBonuses(db, profileId),
    availableMilestones(db, profileId),
    earnedViewsOf(db, profileId),
  ]);
  return {
    earnedViews: earned.toString(),
    bonuses: bonuses.map(toBonusDto),
    milestones: milestones.map(toMilestoneDto),
  };
}

type RewardsApp = Pick<FastifyInstance, "db" | "money" | "clock" | "realtime">;

const GRANT_COMMAND = command("vv_grant_bonus", {
  p_actor: "uuid?",
  p_role: "text?",
  p_ip: "text?",
  ...IDEMPOTENCY_ARGS,
  p_target: "uuid",
  p_amount: "bigint",
  p_reason: "text",
  p_now: "timestamptz",
});

/**
 * Staff grant a member an event bonus (AVAILABLE until claimed) with `vv_grant_bonus`: one
 * statement claims the admin's Idempotency-Key, writes the bonus and its audit row and stores the
 * answer (ADR 013), so the same key grants once. The member's open tabs are told after the
 * commit. `npm run bonus:grant` passes no actor and no key.
 */
export async function grantBonus(
  app: { money: Money; clock: Clock; realtime: Pick<Realtime, "announce"> },
  actor: StaffActor | null,
  targetProfileId: string,
  request: TGrantBonusRequest,
  idem: Idempotency | null,
): Promise<CommandOutcome<TEventBonus>> {
  const amount = parseUsdt(request.amount);
  if (amount === null || amount <= 0n || amount > EVENT_BONUS.maxMicroUsdt) {
    throw new AppError("INVALID_AMOUNT", {}, { field: "amount" });
  }
  const outcome = await GRANT_COMMAND.run<TEventBonus>(app.money, {
    actor: actor?.profileId ?? null,
    role: actor?.role ?? null,
    ip: actor?.address ?? null,
    key: idem?.key ?? null,
    route: idem?.route ?? "",
    hash: idem?.hash ?? "",
    target: targetProfileId,
    amount,
    reason: request.reason,
    now: app.clock.now(),
  });
  if (!outcome.replayed) app.realtime.announce("rewards", [targetProfileId]);
  return outcome;
}

const BONUS_COMMAND = command("vv_claim_bonus", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_bonus: "uuid",
  p_now: "timestamptz",
  p_commission_bps: "bigint",
});
const MILESTONE_COMMAND = command("vv_claim_milestone", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_reward: "uuid",
  p_now: "timestamptz",
  p_commission_bps: "bigint",
});

/** Claims an AVAILABLE event bonus once (`vv_claim_bonus`): USDT plus the referrer's 1 %. */
export async function claimBonus(
  app: RewardsApp,
  profileId: string,
  bonusId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TRewardClaimResult>> {
  return BONUS_COMMAND.run<TRewardClaimResult>(app.money, {
    member: profileId,
    ...idem,
    bonus: bonusId,
    now: app.clock.now(),
    commissionBps: REFERRAL.commissionBasisPoints,
  });
}

/** Claims an AVAILABLE milestone reward once (`vv_claim_milestone`). */
export async function claimMilestone(
  app: RewardsApp,
  profileId: string,
  rewardId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TRewardClaimResult>> {
  return MILESTONE_COMMAND.run<TRewardClaimResult>(app.money, {
    member: profileId,
    ...idem,
    reward: rewardId,
    now: app.clock.now(),
    commissionBps: REFERRAL.commissionBasisPoints,
  });
}
