import type { TLedgerTotals, TLedgerTotalsByCurrency } from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";
import {
  accountsDriftingFromEntries,
  accountsDriftingFromLastEntry,
  balancesByKind,
  heldAccountMismatch,
  ledgerCounts,
  ledgerTotals,
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
  /** The figures the admin overview and the transparency page show (vv_ledger_totals, ADR 069). */
  figures: TLedgerTotalsByCurrency;
  counts: { transactions: number; entries: number; accounts: number };
}

type Totals = LedgerReport["totals"][string];

/** The published figures recomputed from the accounts by kind, to hold vv_ledger_totals to. */
function figuresOf(t: Totals | undefined, held: { inCirculation: bigint; pending: bigint }) {
  const of = (kind: string) => t?.system[kind] ?? 0n;
  return {
    issued: -of("rewards"),
    inCirculation: held.inCirculation,
    withdrawalEscrow: held.pending + of("withdrawal_escrow"),
    marketplaceEscrow: of("marketplace_escrow"),
    paidOut: of("payouts"),
    fees: of("fees"),
  } satisfies Record<keyof TLedgerTotals, bigint>;
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
  const held = new Map<string, { inCirculation: bigint; pending: bigint }>();
  for (const r of await balancesByKind(db)) {
    const t = totals[r.currency] ?? { members: 0n, system: {}, sum: 0n };
    totals[r.currency] = t;
    const value = BigInt(r.total);
    const h = held.get(r.currency) ?? { inCirculation: 0n, pending: 0n };
    held.set(r.currency, h);
    if (r.kind === "member" || r.kind === "member_pending" || r.kind === "member_held") {
      t.members += value;
      if (r.kind === "member_pending") h.pending += value;
      else h.inCirculation += value;
    } else t.system[r.kind] = value;
    t.sum += value;
  }
  for (const [currency, t] of Object.entries(totals)) {
    if (t.sum !== 0n) problems.push(`${currency} accounts sum to ${t.sum}, not 0`);
  }
  const figures = await ledgerTotals(db);
  for (const currency of ["VIEWS", "USDT"] as const) {
    const expected = figuresOf(
      totals[currency],
      held.get(currency) ?? { inCirculation: 0n, pending: 0n },
    );
    for (const [key, value] of Object.entries(expected)) {
      const shown = figures[currency][key as keyof TLedgerTotals];
      if (BigInt(shown) !== value)
        problems.push(`${currency} ${key}: the published figure ${shown} ≠ the accounts' ${value}`);
    }
  }
  return { ok: problems.length === 0, problems, totals, figures, counts: await ledgerCounts(db) };
}
