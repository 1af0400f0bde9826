import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * The ranking as last computed (ADR 025): one row per period and rank, written by the ranking
 * job every few minutes from the ledger, read one indexed page at a time. Members who chose to
 * hide, suspended members and staff are not in it.
 */
export const rankingEntries = pgTable(
  "ranking_entries",
  {
    period: text("period", { enum: ["week", "month", "all"] }).notNull(),
    rank: integer("rank").notNull(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    isVerified: boolean("is_verified").notNull(),
    /** Views the platform credited in the period (watch rewards, matches, referral rewards). */
    earnedViews: bigint("earned_views", { mode: "bigint" }).notNull(),
    /** micro-USDT the platform credited in the period (referral commission). */
    earnedUsdt: bigint("earned_usdt", { mode: "bigint" }).notNull(),
    referralCount: integer("referral_count").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.rank] }),
    uniqueIndex("ranking_entries_member_idx").on(t.period, t.profileId),
    check("ranking_entries_period_check", sql`${t.period} in ('week', 'month', 'all')`),
  ],
);

/** The ranking's summary cards as last computed (one row). */
export const rankingSummary = pgTable("ranking_summary", {
  id: integer("id").primaryKey().default(1),
  members: integer("members").notNull(),
  /** Views held by members, listed offers included. */
  viewsInCirculation: bigint("views_in_circulation", { mode: "bigint" }).notNull(),
  /** micro-USDT members sent each other: USDT transfers and marketplace purchases, all time. */
  usdtVolume: bigint("usdt_volume", { mode: "bigint" }).notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull(),
});
