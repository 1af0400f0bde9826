import { z } from "zod";
import { EVENT_BONUS } from "../constants";
import { errorKey, validationKey } from "../errors";
import { ZBalances, ZMinorUnits } from "./money";

/** A member as the events show them: the winner of a date or a year. */
const ZEventMember = z.object({ id: z.uuid(), username: z.string() }).meta({ id: "EventMember" });

/**
 * Why the signed-in member may not claim (ADR 018): null when they may. `emailUnconfirmed`,
 * `recentWin` (a daily win within the cooldown) or `annualUnverified`.
 */
const ZIneligible = z.enum(["emailUnconfirmed", "recentWin", "annualUnverified"]).nullable();
export type Ineligible = z.infer<typeof ZIneligible>;

export const ZDailyEvent = z
  .object({
    /** The Los Angeles date a claim made now is for (YYYY-MM-DD). */
    date: z.string(),
    opensAt: z.iso.datetime(),
    open: z.boolean(),
    nextOpensAt: z.iso.datetime(),
    rewardViews: ZMinorUnits,
    winner: ZEventMember.nullable(),
    claimedAt: z.iso.datetime().nullable(),
    /** For the signed-in member; null for visitors and members who may claim. */
    ineligible: ZIneligible,
  })
  .meta({ id: "DailyEvent" });
export type TDailyEvent = z.infer<typeof ZDailyEvent>;

export const ZAnnualEvent = z
  .object({
    year: z.number().int(),
    nextOpensAt: z.iso.datetime(),
    rewardViews: ZMinorUnits,
    winner: ZEventMember.nullable(),
    claimedAt: z.iso.datetime().nullable(),
    ineligible: ZIneligible,
  })
  .meta({ id: "AnnualEvent" });
export type TAnnualEvent = z.infer<typeof ZAnnualEvent>;

export const ZEventsState = z
  .object({
    /** The server's clock: countdowns run from it. */
    now: z.iso.datetime(),
    daily: ZDailyEvent,
    annual: ZAnnualEvent,
  })
  .meta({ id: "EventsState" });
export type TEventsState = z.infer<typeof ZEventsState>;

export const ZDailyWinners = z
  .object({
    winners: z.array(
      z.object({ date: z.string(), winner: ZEventMember, claimedAt: z.iso.datetime() }),
    ),
  })
  .meta({ id: "DailyWinners" });
export type TDailyWinners = z.infer<typeof ZDailyWinners>;

export const ZDailyClaimResult = z
  .object({ date: z.string(), rewardViews: ZMinorUnits, balances: ZBalances })
  .meta({ id: "DailyClaimResult" });
export type TDailyClaimResult = z.infer<typeof ZDailyClaimResult>;

export const ZAnnualClaimResult = z
  .object({ year: z.number().int(), rewardViews: ZMinorUnits, balances: ZBalances })
  .meta({ id: "AnnualClaimResult" });
export type TAnnualClaimResult = z.infer<typeof ZAnnualClaimResult>;

export const ZEventBonus = z
  .object({
    id: z.uuid(),
    status: z.enum(["AVAILABLE", "CLAIMED"]),
    claimAmount: ZMinorUnits.describe("micro-USDT"),
    reason: z.string(),
    createdAt: z.iso.datetime(),
    claimedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "EventBonus" });
export type TEventBonus = z.infer<typeof ZEventBonus>;

export const ZMilestoneReward = z
  .object({
    id: z.uuid(),
    milestoneViews: ZMinorUnits,
    rewardUsdt: ZMinorUnits.describe("micro-USDT"),
    status: z.enum(["AVAILABLE", "CLAIMED"]),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "MilestoneReward" });
export type TMilestoneReward = z.infer<typeof ZMilestoneReward>;

/** The member's AVAILABLE bonuses and milestone rewards (milestones ascending). */
export const ZRewards = z
  .object({
    earnedViews: ZMinorUnits.describe("lifetime earned views"),
    bonuses: z.array(ZEventBonus),
    milestones: z.array(ZMilestoneReward),
  })
  .meta({ id: "Rewards" });
export type TRewards = z.infer<typeof ZRewards>;

export const ZRewardClaimResult = z
  .object({ rewardUsdt: ZMinorUnits, balances: ZBalances })
  .meta({ id: "RewardClaimResult" });
export type TRewardClaimResult = z.infer<typeof ZRewardClaimResult>;

/** Staff grant an event bonus: USDT with up to 6 decimals, and the reason the member reads. */
export const ZGrantBonusRequest = z
  .object({
    amount: z.string().trim().min(1, errorKey("INVALID_AMOUNT")).max(32).describe("USDT"),
    reason: z
      .string()
      .trim()
      .min(1, validationKey("reasonRequired"))
      .max(EVENT_BONUS.reasonMaxLength, validationKey("tooLong")),
  })
  .meta({ id: "GrantBonusRequest" });
export type TGrantBonusRequest = z.infer<typeof ZGrantBonusRequest>;

/** Presence: `online` on load and every heartbeat while visible, `offline` on hide/unload. */
export const ZPresenceRequest = z
  .object({ state: z.enum(["online", "offline"]) })
  .meta({ id: "PresenceRequest" });

export const ZPresenceQuery = z.object({
  ids: z
    .string()
    .max(37 * 100)
    .describe("comma-separated profile ids (at most 100)"),
});

export const ZPresence = z
  .object({ online: z.array(z.uuid()).describe("the asked profiles online now") })
  .meta({ id: "Presence" });
export type TPresence = z.infer<typeof ZPresence>;
