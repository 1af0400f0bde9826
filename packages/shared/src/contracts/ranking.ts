import { z } from "zod";
import { RANKING } from "../constants";
import { ZMemberRef, ZMinorUnits } from "./money";

export type RankingPeriod = (typeof RANKING.periods)[number];

export const ZRankingQuery = z.object({
  period: z.enum(RANKING.periods).default("week"),
  page: z.coerce.number().int().min(1).max(RANKING.maxPages).default(1),
});
export type TRankingQuery = z.infer<typeof ZRankingQuery>;

export const ZRankingEntry = z
  .object({
    rank: z.number().int(),
    member: ZMemberRef,
    earnedViews: ZMinorUnits.describe("views the platform credited in the period"),
    earnedUsdt: ZMinorUnits.describe("micro-USDT the platform credited in the period"),
    referralCount: z.number().int().describe("paid referrals, all time"),
  })
  .meta({ id: "RankingEntry" });
export type TRankingEntry = z.infer<typeof ZRankingEntry>;

export const ZRankingSummary = z
  .object({
    members: z.number().int(),
    viewsInCirculation: ZMinorUnits.describe("views held by members, listed offers included"),
    usdtVolume: ZMinorUnits.describe(
      "micro-USDT members sent each other: USDT transfers and marketplace purchases, all time",
    ),
    computedAt: z.iso.datetime(),
  })
  .meta({ id: "RankingSummary" });

export const ZRankingPage = z
  .object({
    period: z.enum(RANKING.periods),
    page: z.number().int(),
    pageSize: z.number().int(),
    hasMore: z.boolean(),
    entries: z.array(ZRankingEntry),
    /** The signed-in member's own row, wherever it is; null when not ranked or hidden. */
    me: ZRankingEntry.nullable(),
    hidden: z.boolean(),
    summary: ZRankingSummary.nullable(),
  })
  .meta({ id: "RankingPage" });
export type TRankingPage = z.infer<typeof ZRankingPage>;

export const ZRankingVisibility = z
  .object({ hidden: z.boolean() })
  .meta({ id: "RankingVisibility" });
export type TRankingVisibility = z.infer<typeof ZRankingVisibility>;
