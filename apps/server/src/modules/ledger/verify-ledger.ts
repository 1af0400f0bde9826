import type { DbOrTx } from "../../db/client";
import {
  accountsDriftingFromEntries,
  accountsDriftingFromLastEntry,
  balancesByKind,
  heldAccountMismatch,
  ledgerCounts,
  marketEscrowMismatch,
  negativeMemberAccounts,
  orphanedMemberReferences,
  orphanedTransactionReferences,
  transactionsWithoutTwoEntries,
  unbalancedTransactions,
} from "./ledger-invariants.repository";

export interface LedgerReport {
  ok: boolean;
  problems: string[];
  /** Per currency: member holdings (member + member_pending + member_held), each system account, the sum (0). */
  totals: Record<string, { members: bigint; system: Record<string, bigint>; sum: bigint }>;
  counts: { transactions: number; entries: number; accounts: number };
}

/**
 * Checks the ledger's invariants: every transaction balances per currency (and has entries),
 * every member account's balance (the balance members see: there is no second copy) equals the
 * sum of its entries and its last running balance, no entry or domain record names a missing
 * transaction (nor, on the hot path's unkeyed columns, a missing member or account), no member balance is negative, the marketplace escrow holds exactly the views
 * of the open offers, and each member's held account equals the sum of their HELD holds (ADR 047).
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const problems: string[] = [];
  for (const r of await unbalancedTransactions(db))
    problems.push(`transaction ${r.id} does not balance in ${r.currency}: ${r.total}`);
  for (const r of await transactionsWithoutTwoEntries(db))
    problems.push(`transaction ${r.id} has fewer than two entries`);
  for (const r of await accountsDriftingFromEntries(db))
    problems.push(`account ${r.id} balance ${r.balance} ≠ sum of entries ${r.total}`);
  for (const r of await accountsDriftingFromLastEntry(db))
    problems.push(`account ${r.id} balance ${r.balance} ≠ its last entry's balance ${r.last}`);
  for (const r of await orphanedTransactionReferences(db))
    problems.push(`${r.table} names ledger transaction ${r.id}, which does not exist`);
  for (const r of await orphanedMemberReferences(db))
    problems.push(`${r.ref} names ${r.id}, which does not exist`);
  for (const r of await negativeMemberAccounts(db))
    problems.push(`member account ${r.id} is negative: ${r.balance}`);
  for (const r of await marketEscrowMismatch(db))
    problems.push(`marketplace escrow holds ${r.escrow} views, open offers ${r.open}`);
  for (const r of await heldAccountMismatch(db))
    problems.push(
      `member ${r.profile_id} holds ${r.balance} ${r.currency} on hold, its HELD holds sum to ${r.held}`,
    );

  const totals: LedgerReport["totals"] = {};
  for (const r of await balancesByKind(db)) {
    const t = totals[r.currency] ?? { members: 0n, system: {}, sum: 0n };
    totals[r.currency] = t;
    const value = BigInt(r.total);
    if (r.kind === "member" || r.kind === "member_pending" || r.kind === "member_held")
      t.members += value;
    else t.system[r.kind] = value;
    t.sum += value;
  }
  for (const [currency, t] of Object.entries(totals)) {
    if (t.sum !== 0n) problems.push(`${currency} accounts sum to ${t.sum}, not 0`);
  }
  return { ok: problems.length === 0, problems, totals, counts: await ledgerCounts(db) };
}
