import { and, desc, eq, inArray, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  type Currency,
  earningHolds,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  profiles,
} from "../../db/schema";

export interface ActivityFilter {
  currency?: Currency | undefined;
  kind?: string | undefined;
  /** Entries with a smaller id than this (keyset paging, newest first). */
  before?: number | undefined;
  limit: number;
}

/**
 * A member's ledger entries — of their available account and of their held account (earnings on
 * hold, ADR 047) — with their reason, counterparty, running balance, and for an earning credited
 * on hold the hold's clearing time and status.
 */
export async function activityOf(db: DbOrTx, profileId: string, filter: ActivityFilter) {
  return (
    db
      .select({
        id: ledgerEntries.id,
        transactionId: ledgerEntries.transactionId,
        kind: ledgerTransactions.kind,
        currency: ledgerEntries.currency,
        amount: ledgerEntries.amount,
        balanceAfter: ledgerEntries.balanceAfter,
        memo: ledgerTransactions.memo,
        createdAt: ledgerEntries.createdAt,
        counterpartyId: profiles.id,
        counterpartyUsername: profiles.username,
        counterpartyVerified: profiles.isVerified,
        account: ledgerAccounts.kind,
        clearsAt: earningHolds.clearsAt,
        holdStatus: earningHolds.status,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .leftJoin(profiles, eq(profiles.id, ledgerEntries.counterpartyProfileId))
      // The hold an earning credited to the held account created (unique per credit and member).
      .leftJoin(
        earningHolds,
        and(
          eq(ledgerAccounts.kind, "member_held"),
          eq(earningHolds.ledgerTransactionId, ledgerEntries.transactionId),
          eq(earningHolds.memberId, profileId),
        ),
      )
      .where(
        and(
          eq(ledgerAccounts.profileId, profileId),
          inArray(ledgerAccounts.kind, ["member", "member_held"]),
          filter.currency ? eq(ledgerEntries.currency, filter.currency) : undefined,
          filter.kind ? eq(ledgerTransactions.kind, filter.kind) : undefined,
          filter.before ? lt(ledgerEntries.id, filter.before) : undefined,
        ),
      )
      .orderBy(desc(ledgerEntries.id))
      .limit(filter.limit)
  );
}
