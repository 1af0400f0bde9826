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
 * Account deletions (ADR 036). A request schedules the deletion `ACCOUNT_DELETION.graceDays`
 * later (SCHEDULED); signing in during the grace period cancels it (CANCELLED); the deletion
 * job performs it once it is due (DONE): the balance left then is forfeited to the ledger
 * (`forfeit_ledger_transaction_id`) and the member anonymised. At most one SCHEDULED row per
 * member (a unique partial index settles two requests racing).
 */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id),
    status: text("status", { enum: ["SCHEDULED", "CANCELLED", "DONE"] })
      .notNull()
      .default("SCHEDULED"),
    /** The member's explicit choice to give up the balance they had when they asked. */
    forfeitBalance: boolean("forfeit_balance").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    executedAt: timestamp("executed_at", { withTimezone: true }),
    forfeitedViews: bigint("forfeited_views", { mode: "bigint" }),
    forfeitedUsdt: bigint("forfeited_usdt", { mode: "bigint" }),
    forfeitLedgerTransactionId: uuid("forfeit_ledger_transaction_id"),
  },
  (t) => [
    uniqueIndex("account_deletions_one_scheduled_idx")
      .on(t.profileId)
      .where(sql`${t.status} = 'SCHEDULED'`),
    index("account_deletions_due_idx").on(t.dueAt).where(sql`${t.status} = 'SCHEDULED'`),
    check("account_deletions_status_check", sql`${t.status} in ('SCHEDULED', 'CANCELLED', 'DONE')`),
  ],
);
