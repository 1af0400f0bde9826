import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";

export interface LedgerReport {
  ok: boolean;
  problems: string[];
  /** Per currency: member holdings, each system account, and the sum (always 0). */
  totals: Record<string, { members: bigint; system: Record<string, bigint>; sum: bigint }>;
  counts: { transactions: number; entries: number; accounts: number };
}

/**
 * Checks the ledger's invariants: every transaction balances per currency (and has entries),
 * every member account's balance equals the sum of its entries and its last running balance, the view/wallet projections equal the
 * member accounts, and no member balance is negative.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const problems: string[] = [];

  const unbalanced = await queryRows<{ id: string; currency: string; total: string }>(
    db,
    sql`select transaction_id as id, currency, sum(amount)::text as total from ledger_entries
        group by transaction_id, currency having sum(amount) <> 0 limit 20`,
  );
  for (const r of unbalanced)
    problems.push(`transaction ${r.id} does not balance in ${r.currency}: ${r.total}`);

  const empty = await queryRows<{ id: string }>(
    db,
    sql`select t.id from ledger_transactions t where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2 limit 20`,
  );
  for (const r of empty) problems.push(`transaction ${r.id} has fewer than two entries`);

  const drift = await queryRows<{ id: string; balance: string; total: string }>(
    db,
    sql`select a.id::text, a.balance::text, coalesce(s.total, 0)::text as total
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.kind = 'member' and a.balance <> coalesce(s.total, 0) limit 20`,
  );
  for (const r of drift)
    problems.push(`account ${r.id} balance ${r.balance} ≠ sum of entries ${r.total}`);

  const lastBalance = await queryRows<{ id: string; balance: string; last: string }>(
    db,
    sql`select a.id::text, a.balance::text, e.balance_after::text as last
        from ledger_accounts a
        join lateral (select balance_after from ledger_entries where account_id = a.id order by id desc limit 1) e on true
        where a.kind = 'member' and e.balance_after is distinct from a.balance limit 20`,
  );
  for (const r of lastBalance)
    problems.push(`account ${r.id} balance ${r.balance} ≠ its last entry's balance ${r.last}`);

  const projections = await queryRows<{
    who: string;
    what: string;
    projected: string;
    actual: string;
  }>(
    db,
    sql`select v.user_id::text as who, 'view_balances' as what, v.balance_views::text as projected, a.balance::text as actual
          from view_balances v join ledger_accounts a on a.profile_id = v.user_id and a.kind = 'member' and a.currency = 'VIEWS'
          where v.balance_views <> a.balance
        union all
        select w.user_id::text, 'wallet_balances', w.balance_usdt::text, a.balance::text
          from wallet_balances w join ledger_accounts a on a.profile_id = w.user_id and a.kind = 'member' and a.currency = 'USDT'
          where w.balance_usdt <> a.balance
        limit 20`,
  );
  for (const r of projections)
    problems.push(`${r.what} of ${r.who} says ${r.projected}, the ledger ${r.actual}`);

  const negative = await queryRows<{ id: string; balance: string }>(
    db,
    sql`select id::text, balance::text from ledger_accounts where kind = 'member' and balance < 0 limit 20`,
  );
  for (const r of negative) problems.push(`member account ${r.id} is negative: ${r.balance}`);

  const sums = await queryRows<{ kind: string; currency: string; total: string }>(
    db,
    // Member accounts keep a running balance; system accounts' balance is the sum of their entries.
    sql`select a.kind, a.currency,
               sum(case when a.kind = 'member' then a.balance else coalesce(s.total, 0) end)::text as total
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        group by a.kind, a.currency order by a.currency, a.kind`,
  );
  const totals: LedgerReport["totals"] = {};
  for (const r of sums) {
    const t = totals[r.currency] ?? { members: 0n, system: {}, sum: 0n };
    totals[r.currency] = t;
    const value = BigInt(r.total);
    if (r.kind === "member") t.members = value;
    else t.system[r.kind] = value;
    t.sum += value;
  }
  for (const [currency, t] of Object.entries(totals)) {
    if (t.sum !== 0n) problems.push(`${currency} accounts sum to ${t.sum}, not 0`);
  }

  const [counts] = await queryRows<{ transactions: number; entries: number; accounts: number }>(
    db,
    sql`select (select count(*) from ledger_transactions)::int as transactions,
               (select count(*) from ledger_entries)::int as entries,
               (select count(*) from ledger_accounts)::int as accounts`,
  );
  return {
    ok: problems.length === 0,
    problems,
    totals,
    counts: counts ?? { transactions: 0, entries: 0, accounts: 0 },
  };
}
