import { and, desc, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  type Currency,
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

/** A member's ledger entries with their reason, counterparty and running balance. */
export async function activityOf(db: DbOrTx, profileId: string, filter: ActivityFilter) {
  return db
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
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .leftJoin(profiles, eq(profiles.id, ledgerEntries.counterpartyProfileId))
    .where(
      and(
        eq(ledgerAccounts.profileId, profileId),
        eq(ledgerAccounts.kind, "member"),
        filter.currency ? eq(ledgerEntries.currency, filter.currency) : undefined,
        filter.kind ? eq(ledgerTransactions.kind, filter.kind) : undefined,
        filter.before ? lt(ledgerEntries.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(filter.limit);
}
