import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/** Swaps between views and USDT (seeds' table), each linked to its ledger transaction. */
export const swapTransactions = pgTable(
  "swap_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key on this hot-path column (ADR 039): the command that writes it has just read
    // the row it names; `ledger:verify` reports any that does not exist.
    userId: uuid("user_id").notNull(),
    direction: text("direction", { enum: ["VIEWS_TO_USDT", "USDT_TO_VIEWS"] }).notNull(),
    viewsAmount: bigint("views_amount", { mode: "bigint" }).notNull(),
    /** micro-USDT */
    usdtAmount: bigint("usdt_amount", { mode: "bigint" }).notNull(),
    /** USDT per view of this swap, for display ("0.1"). */
    swapRate: numeric("swap_rate", { precision: 12, scale: 6 }).notNull(),
    status: text("status").notNull().default("COMPLETED"),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("swap_transactions_user_idx").on(t.userId, t.createdAt),
    check("swap_transactions_positive", sql`${t.viewsAmount} > 0 and ${t.usdtAmount} > 0`),
  ],
);

/** Transfers between members (seeds' table); `amount` is views or micro-USDT per transfer_type. */
export const userTransfers = pgTable(
  "user_transfers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key on this hot-path column (ADR 039): the command that writes it has just read
    // the row it names; `ledger:verify` reports any that does not exist.
    senderId: uuid("sender_id").notNull(),
    recipientId: uuid("recipient_id").notNull(),
    transferType: text("transfer_type", { enum: ["VIEWS", "USDT"] }).notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    status: text("status").notNull().default("COMPLETED"),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("user_transfers_sender_idx").on(t.senderId, t.createdAt),
    index("user_transfers_recipient_idx").on(t.recipientId, t.createdAt),
    check("user_transfers_positive", sql`${t.amount} > 0`),
    check("user_transfers_not_self", sql`${t.senderId} <> ${t.recipientId}`),
  ],
);

/**
 * One row per invited member (seeds' table). `status` PAID once the rewards were posted, HELD when
 * the sign-up shares a network or device with the referrer and waits for staff review.
 */
export const referrals = pgTable(
  "referrals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    referrerUserId: uuid("referrer_user_id")
      .notNull()
      .references(() => profiles.id),
    referredUserId: uuid("referred_user_id")
      .notNull()
      .references(() => profiles.id),
    viewsBonus: bigint("views_bonus", { mode: "bigint" }).notNull(),
    /** micro-USDT credited to the invited member */
    usdtBonus: bigint("usdt_bonus", { mode: "bigint" }).notNull(),
    status: text("status", { enum: ["PAID", "HELD", "REJECTED"] }).notNull(),
    flagReason: text("flag_reason"),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    /** The staff member who approved or rejected a HELD referral, when, and why. */
    decidedBy: uuid("decided_by").references(() => profiles.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decisionReason: text("decision_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referrals_referred_idx").on(t.referredUserId),
    index("referrals_referrer_idx").on(t.referrerUserId, t.createdAt),
    index("referrals_held_idx").on(t.createdAt).where(sql`${t.status} = 'HELD'`),
  ],
);

/** Totals a referrer earned (seeds' table). */
export const referralBalance = pgTable("referral_balance", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  viewsFromReferrals: bigint("views_from_referrals", { mode: "bigint" }).notNull().default(sql`0`),
  usdtFromReferrals: bigint("usdt_from_referrals", { mode: "bigint" }).notNull().default(sql`0`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per invited member: cumulative net conversion (views→USDT minus USDT→views, micro-USDT) and the
 * high-water mark commission was paid up to, so swapping back and forth earns the referrer nothing.
 */
export const referralConversions = pgTable("referral_conversions", {
  referredUserId: uuid("referred_user_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  netConverted: bigint("net_converted", { mode: "bigint" }).notNull().default(sql`0`),
  highWaterMark: bigint("high_water_mark", { mode: "bigint" }).notNull().default(sql`0`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
