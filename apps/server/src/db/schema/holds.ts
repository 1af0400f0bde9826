import type { THoldSource, THoldStatus } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Currency } from "./ledger";

/**
 * Earnings on hold (ADR 047): one row per member credited by a watch reward, a creator credit or a
 * view-request match, written in the same statement as the credit to the member's `member_held`
 * account. HELD until `clears_at` (the hold window of the member's risk level at credit time),
 * then CLEARED (moved to the available account, by the clearing job or early by staff) or
 * CLAWED_BACK (moved back to the issuance account by staff) — exactly once, by a conditional
 * update. The HELD rows of a member sum to their `member_held` balance (`ledger:verify`).
 * No foreign keys (ADR 039): the credit's statement has just locked the member's account and
 * written the ledger transaction; `ledger:verify` audits the references.
 */
export const earningHolds = pgTable(
  "earning_holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id").notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    sourceKind: text("source_kind").$type<THoldSource>().notNull(),
    /** The watch session (watch reward, creator credit) or the member's view request (match). */
    sourceId: uuid("source_id"),
    /** The credit's ledger transaction. */
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    clearsAt: timestamp("clears_at", { withTimezone: true }).notNull(),
    status: text("status").$type<THoldStatus>().notNull().default("HELD"),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    /** The staff member who cleared early or clawed back; null when the clearing job cleared it. */
    settledBy: uuid("settled_by"),
    reason: text("reason"),
    /** The ledger transaction that cleared or clawed back the hold. */
    settleTransactionId: uuid("settle_transaction_id"),
  },
  (t) => [
    uniqueIndex("earning_holds_credit_idx").on(t.ledgerTransactionId, t.memberId),
    index("earning_holds_due_idx").on(t.clearsAt).where(sql`${t.status} = 'HELD'`),
    index("earning_holds_member_held_idx")
      .on(t.memberId, t.clearsAt)
      .where(sql`${t.status} = 'HELD'`),
    check("earning_holds_amount_check", sql`${t.amount} > 0`),
    check("earning_holds_currency_check", sql`${t.currency} in ('VIEWS', 'USDT')`),
    check("earning_holds_status_check", sql`${t.status} in ('HELD', 'CLEARED', 'CLAWED_BACK')`),
    check(
      "earning_holds_source_check",
      sql`${t.sourceKind} in ('watch_reward', 'creator_credit', 'view_request_match')`,
    ),
    check("earning_holds_settled_check", sql`(${t.status} = 'HELD') = (${t.settledAt} is null)`),
  ],
);
