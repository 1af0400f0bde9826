import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
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
 * Withdrawals (the seeds' manual_claims). `amount_usdt` (micro-USDT) moved from the member's
 * USDT account to their pending account at request time; COMPLETED pays it out (net to payouts,
 * the fee to fees), FAILED returns it, CANCELLED (by the member, before
 * staff took it) returns it too. SENT is shown "Pending"; a request above the four-eyes
 * threshold waits in AWAITING_APPROVAL for an admin's second approval once its hash is recorded
 * (manual networks) or before it is sent (networks with a chain client, ADR 058). CONFIRMING (ADR
 * 058): the chain showed a transfer that pays it; the confirmations job completes it at the
 * network's depth or returns it to the desk when the transaction is gone.
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
      enum: ["SENT", "AWAITING_APPROVAL", "CONFIRMING", "COMPLETED", "FAILED", "CANCELLED"],
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
    /** True once a chain client verified `tx_hash` (ADR 058); manual hashes stay unchecked. */
    txVerified: boolean("tx_verified").notNull().default(false),
    txBlock: bigint("tx_block", { mode: "bigint" }),
    confirmations: integer("confirmations"),
    requiredConfirmations: integer("required_confirmations"),
    /** Why the chain no longer pays the last hash (the claim went back to the desk). */
    returnReason: text("return_reason"),
    /** When the chain first stopped knowing its transaction (DROPPED): returned after a grace. */
    goneSince: timestamp("gone_since", { withTimezone: true }),
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
      sql`${t.status} in ('SENT', 'AWAITING_APPROVAL', 'CONFIRMING', 'COMPLETED', 'FAILED', 'CANCELLED')`,
    ),
    check("manual_claims_network_check", sql`${t.network} in ('TRC20', 'ERC20', 'BEP20')`),
    // A verified hash pays one withdrawal only (manual hashes are not checked, ADR 058).
    uniqueIndex("manual_claims_verified_hash_idx")
      .on(t.network, sql`lower(${t.txHash})`)
      .where(sql`${t.txVerified}`),
    index("manual_claims_confirming_idx").on(t.updatedAt).where(sql`${t.status} = 'CONFIRMING'`),
  ],
);

/**
 * A withdrawal's timeline (ADR 058): one row per state change, with its time — what the member
 * follows (requested → in review → approved → sent → confirmed; on a manual network "recorded" — sent
 * by support, not verified on chain, ADR 073 — or failed / returned with the
 * reason). A hash the chain no longer shows stays here when the claim goes back to the desk.
 */
export const withdrawalTimeline = pgTable(
  "withdrawal_timeline",
  {
    /** Orders steps written in one transaction (same time) as they were written. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    withdrawalId: uuid("withdrawal_id")
      .notNull()
      .references(() => manualClaims.id),
    step: text("step", {
      enum: [
        "requested",
        "in_review",
        "released",
        "approval_requested",
        "approved",
        "sent",
        "returned",
        "confirmed",
        "recorded",
        "failed",
        "cancelled",
      ],
    }).notNull(),
    txHash: text("tx_hash"),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("withdrawal_timeline_withdrawal_idx").on(t.withdrawalId, t.createdAt)],
);

/**
 * The networks whose payouts the server verifies on chain (ADR 073): rewritten from the
 * configuration (the configured chain clients) at every start, so the database commands know
 * them too — `vv_withdraw_complete` refuses to complete one of these by hand.
 */
export const payoutVerifiedNetworks = pgTable("payout_verified_networks", {
  network: text("network", { enum: ["TRC20", "ERC20", "BEP20"] }).primaryKey(),
  since: timestamp("since", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The hot wallet's next nonce per network (ADR 058): locked for the whole of a send, so two
 * sends never sign with one nonce and a send's record commits before its broadcast.
 */
export const payoutNonces = pgTable("payout_nonces", {
  network: text("network", { enum: ["TRC20", "ERC20", "BEP20"] }).primaryKey(),
  address: text("address").notNull(),
  nextNonce: integer("next_nonce").notNull(),
});

/**
 * Every signed payout (ADR 058), recorded BEFORE its broadcast: after a crash the job
 * re-broadcasts the same signed transaction, never signs another. A replacement (speed up) is a
 * new row with the same nonce; the old one points at it. One live send per withdrawal.
 */
export const payoutSends = pgTable(
  "payout_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    withdrawalId: uuid("withdrawal_id")
      .notNull()
      .references(() => manualClaims.id),
    network: text("network", { enum: ["TRC20", "ERC20", "BEP20"] }).notNull(),
    fromAddress: text("from_address").notNull(),
    nonce: integer("nonce").notNull(),
    amountUsdt: bigint("amount_usdt", { mode: "bigint" }).notNull(),
    rawTransaction: text("raw_transaction").notNull(),
    txHash: text("tx_hash").notNull(),
    maxFeePerGas: text("max_fee_per_gas").notNull(),
    maxPriorityFeePerGas: text("max_priority_fee_per_gas").notNull(),
    sentBy: uuid("sent_by").references(() => profiles.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    broadcastAt: timestamp("broadcast_at", { withTimezone: true }),
    replacedBy: uuid("replaced_by"),
    /** The chain no longer shows it (the claim went back to the desk). */
    goneAt: timestamp("gone_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payout_sends_live_idx")
      .on(t.withdrawalId)
      .where(sql`${t.replacedBy} is null and ${t.goneAt} is null`),
    uniqueIndex("payout_sends_hash_idx").on(t.network, t.txHash),
    index("payout_sends_day_idx").on(t.network, t.createdAt),
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
