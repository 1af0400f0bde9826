import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * The Daily First Claim (seed 1 §3): one row per Los Angeles date — the unique date settles
 * the race (ADR 018). Written only by `vv_claim_daily`.
 */
export const dailyEventClaims = pgTable(
  "daily_event_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    claimDate: date("claim_date").notNull(),
    rewardViews: bigint("reward_views", { mode: "bigint" }).notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("daily_event_claims_date_idx").on(t.claimDate),
    index("daily_event_claims_user_idx").on(t.userId, t.claimDate),
    check("daily_event_claims_positive", sql`${t.rewardViews} > 0`),
  ],
);

/** The annual "1 Million Views" event: one row per UTC year, written by `vv_claim_annual`. */
export const annualEventClaims = pgTable(
  "annual_event_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    year: integer("year").notNull(),
    viewsClaimed: bigint("views_claimed", { mode: "bigint" }).notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("annual_event_claims_year_idx").on(t.year),
    check("annual_event_claims_positive", sql`${t.viewsClaimed} > 0`),
  ],
);

/**
 * Event bonuses (seed 1 §3 `event_claims`): staff grant USDT with a reason; the member claims
 * it once, AVAILABLE → CLAIMED, through `vv_claim_bonus`.
 */
export const eventClaims = pgTable(
  "event_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    status: text("status", { enum: ["AVAILABLE", "CLAIMED"] })
      .notNull()
      .default("AVAILABLE"),
    /** micro-USDT */
    claimAmount: bigint("claim_amount", { mode: "bigint" }).notNull(),
    reason: text("reason").notNull(),
    grantedBy: uuid("granted_by").references(() => profiles.id, { onDelete: "set null" }),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    index("event_claims_user_idx").on(t.userId, t.status),
    check("event_claims_positive", sql`${t.claimAmount} > 0`),
    check("event_claims_status", sql`${t.status} in ('AVAILABLE', 'CLAIMED')`),
    check(
      "event_claims_claimed",
      sql`(${t.status} = 'CLAIMED') = (${t.claimedAt} is not null and ${t.ledgerTransactionId} is not null)`,
    ),
  ],
);

/**
 * The milestone levels (lifetime earned views → micro-USDT), the same as the shared MILESTONES
 * constant (a test checks it); the earning trigger reads them.
 */
export const milestoneLevels = pgTable("milestone_levels", {
  views: bigint("views", { mode: "bigint" }).primaryKey(),
  rewardUsdt: bigint("reward_usdt", { mode: "bigint" }).notNull(),
});

/** A member's lifetime earned views (ADR 019), counted by ledger_post (ADR 037). */
export const memberEarnings = pgTable("member_earnings", {
  /** No foreign key (ADR 039): ledger_post counts it while it holds the member's account. */
  profileId: uuid("profile_id").primaryKey(),
  earnedViews: bigint("earned_views", { mode: "bigint" }).notNull().default(sql`0`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A milestone reached (seed 1 §3): created once per member and level, claimed once. */
export const milestoneRewards = pgTable(
  "milestone_rewards",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    milestoneViews: bigint("milestone_views", { mode: "bigint" }).notNull(),
    /** micro-USDT */
    rewardUsdt: bigint("reward_usdt", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["AVAILABLE", "CLAIMED"] })
      .notNull()
      .default("AVAILABLE"),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("milestone_rewards_member_level_idx").on(t.userId, t.milestoneViews),
    check("milestone_rewards_status", sql`${t.status} in ('AVAILABLE', 'CLAIMED')`),
  ],
);
