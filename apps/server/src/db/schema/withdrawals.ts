import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * Withdrawals (the seeds' manual_claims). `amount_usdt` (micro-USDT) moved from the member's
 * USDT account to their pending account at request time; COMPLETED pays it out (net to payouts,
 * the fee to fees), FAILED returns it, CANCELLED (by the member, before
 * staff took it) returns it too. SENT is shown "Pending"; a request above the four-eyes
 * threshold waits in AWAITING_APPROVAL for an admin's second approval once its hash is recorded.
 */
export const manualClaims = pgTable(
  "manual_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    amountUsdt: bigint("amount_usdt", { mode: "bigint" }).notNull(),
    feeUsdt: bigint("fee_usdt", { mode: "bigint" }).notNull(),
    walletAddress: text("wallet_address").notNull(),
    network: text("network", { enum: ["TRC20", "ERC20", "BEP20"] }).notNull(),
    status: text("status", {
      enum: ["SENT", "AWAITING_APPROVAL", "COMPLETED", "FAILED", "CANCELLED"],
    })
      .notNull()
      .default("SENT"),
    needsSecondApproval: boolean("needs_second_approval").notNull().default(false),
    txHash: text("tx_hash"),
    failureReason: text("failure_reason"),
    processedBy: uuid("processed_by").references(() => profiles.id),
    processingAt: timestamp("processing_at", { withTimezone: true }),
    approvedBy: uuid("approved_by").references(() => profiles.id),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    settleTransactionId: uuid("settle_transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("manual_claims_user_idx").on(t.userId, t.createdAt),
    check(
      "manual_claims_positive",
      sql`${t.amountUsdt} > 0 and ${t.feeUsdt} >= 0 and ${t.feeUsdt} < ${t.amountUsdt}`,
    ),
    check(
      "manual_claims_status_check",
      sql`${t.status} in ('SENT', 'AWAITING_APPROVAL', 'COMPLETED', 'FAILED', 'CANCELLED')`,
    ),
    check("manual_claims_network_check", sql`${t.network} in ('TRC20', 'ERC20', 'BEP20')`),
  ],
);

/**
 * Support requests (the seeds' fields). Members open their own; every withdrawal opens one
 * (request_type WITHDRAWAL, linked by withdrawal_id) that drives the withdrawal's states.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    username: text("username").notNull(),
    requestType: text("request_type", {
      enum: ["WITHDRAWAL", "WITHDRAWAL_QUESTION", "ACCOUNT", "PAYMENT", "OTHER", "APPEAL"],
    }).notNull(),
    amountUsdt: bigint("amount_usdt", { mode: "bigint" }),
    network: text("network", { enum: ["TRC20", "ERC20", "BEP20"] }),
    walletAddress: text("wallet_address"),
    status: text("status", { enum: ["PENDING", "PROCESSING", "COMPLETED"] })
      .notNull()
      .default("PENDING"),
    message: text("message"),
    withdrawalId: uuid("withdrawal_id").references(() => manualClaims.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_requests_created_idx").on(t.createdAt),
    index("support_requests_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("support_requests_withdrawal_idx").on(t.withdrawalId),
    check(
      "support_requests_status_check",
      sql`${t.status} in ('PENDING', 'PROCESSING', 'COMPLETED')`,
    ),
    check(
      "support_requests_type_check",
      sql`${t.requestType} in ('WITHDRAWAL', 'WITHDRAWAL_QUESTION', 'ACCOUNT', 'PAYMENT', 'OTHER', 'APPEAL')`,
    ),
  ],
);

/** A staff session that re-entered its password for the support desk, until `unlocked_until`. */
export const supportUnlocks = pgTable("support_unlocks", {
  sessionId: text("session_id").primaryKey(),
  profileId: uuid("profile_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  unlockedUntil: timestamp("unlocked_until", { withTimezone: true }).notNull(),
});

/** The message thread of a support request, between the member and staff. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => supportRequests.id),
    authorId: uuid("author_id")
      .notNull()
      .references(() => profiles.id),
    /** True when a staff member wrote it (the member is e-mailed). */
    fromStaff: boolean("from_staff").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_messages_request_idx").on(t.requestId, t.createdAt)],
);
