import type { TLedgerTotalsByCurrency } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";

/** The ledger's invariant checks, one query each (at most 20 offending rows per check). */

export function unbalancedTransactions(db: DbOrTx) {
  return queryRows<{ id: string; currency: string; total: string }>(
    db,
    sql`select transaction_id as id, currency, sum(amount)::text as total from ledger_entries
        group by transaction_id, currency having sum(amount) <> 0 limit 20`,
  );
}

export function transactionsWithoutTwoEntries(db: DbOrTx) {
  return queryRows<{ id: string }>(
    db,
    sql`select t.id from ledger_transactions t where (select count(*) from ledger_entries e where e.transaction_id = t.id) < 2 limit 20`,
  );
}

export function accountsDriftingFromEntries(db: DbOrTx) {
  return queryRows<{ id: string; balance: string; total: string }>(
    db,
    sql`select a.id::text, a.balance::text, coalesce(s.total, 0)::text as total
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        where a.profile_id is not null and a.balance <> coalesce(s.total, 0) limit 20`,
  );
}

export function accountsDriftingFromLastEntry(db: DbOrTx) {
  return queryRows<{ id: string; balance: string; last: string }>(
    db,
    sql`select a.id::text, a.balance::text, e.balance_after::text as last
        from ledger_accounts a
        join lateral (select balance_after from ledger_entries where account_id = a.id order by id desc limit 1) e on true
        where a.profile_id is not null and e.balance_after is distinct from a.balance limit 20`,
  );
}

/**
 * Entries and domain records that name a ledger transaction which does not exist (these columns
 * carry no foreign key: ledger_post and the money commands write them together, ADR 013).
 */
export function orphanedTransactionReferences(db: DbOrTx) {
  const refs: Array<[string, string]> = [
    ["ledger_entries", "transaction_id"],
    ["user_transfers", "ledger_transaction_id"],
    ["swap_transactions", "ledger_transaction_id"],
    ["referrals", "ledger_transaction_id"],
    ["videos", "ledger_transaction_id"],
    ["video_boosts", "ledger_transaction_id"],
    ["ads_sessions", "ledger_transaction_id"],
    ["view_requests", "ledger_transaction_id"],
    ["view_requests", "match_ledger_transaction_id"],
    ["view_requests", "refund_ledger_transaction_id"],
    ["market_offers", "list_ledger_transaction_id"],
    ["market_offers", "close_ledger_transaction_id"],
    ["manual_claims", "ledger_transaction_id"],
    ["manual_claims", "settle_transaction_id"],
    ["earning_holds", "ledger_transaction_id"],
    ["earning_holds", "settle_transaction_id"],
  ];
  const checks = refs.map(
    ([table, column]) =>
      sql`select ${table} as "table", r.${sql.identifier(column)}::text as id from ${sql.identifier(table)} r
          where ${sql.identifier(column)} is not null and not exists
            (select 1 from ledger_transactions t where t.id = r.${sql.identifier(column)})`,
  );
  return queryRows<{ table: string; id: string }>(
    db,
    sql`select * from (${sql.join(checks, sql` union all `)}) o limit 20`,
  );
}

/**
 * The hot path's member and account references that carry no foreign key (ADR 039): the money
 * command that writes each one has just read or locked the row it names, and profiles and
 * accounts are never deleted (an account deletion anonymises). `ledger:verify` audits them here;
 * the data-export registry test counts them as member columns.
 */
export const UNKEYED_REFERENCES: ReadonlyArray<{
  table: string;
  column: string;
  to: "profiles" | "ledger_accounts";
}> = [
  { table: "ledger_entries", column: "account_id", to: "ledger_accounts" },
  { table: "ledger_transactions", column: "actor_profile_id", to: "profiles" },
  { table: "idempotency_keys", column: "profile_id", to: "profiles" },
  { table: "user_transfers", column: "sender_id", to: "profiles" },
  { table: "user_transfers", column: "recipient_id", to: "profiles" },
  { table: "swap_transactions", column: "user_id", to: "profiles" },
  { table: "box_openings", column: "profile_id", to: "profiles" },
  { table: "video_boosts", column: "user_id", to: "profiles" },
  { table: "watch_daily", column: "user_id", to: "profiles" },
  { table: "member_earnings", column: "profile_id", to: "profiles" },
  { table: "market_offers", column: "seller_id", to: "profiles" },
  { table: "market_offers", column: "buyer_id", to: "profiles" },
  { table: "earning_holds", column: "member_id", to: "profiles" },
];

/** Rows whose unkeyed reference (UNKEYED_REFERENCES) names a profile or account that does not exist. */
export function orphanedMemberReferences(db: DbOrTx) {
  const checks = UNKEYED_REFERENCES.map(
    ({ table, column, to }) =>
      sql`select ${`${table}.${column}`} as "ref", r.${sql.identifier(column)}::text as id
          from ${sql.identifier(table)} r
          where r.${sql.identifier(column)} is not null and not exists
            (select 1 from ${sql.identifier(to)} x where x.id = r.${sql.identifier(column)})`,
  );
  return queryRows<{ ref: string; id: string }>(
    db,
    sql`select * from (${sql.join(checks, sql` union all `)}) o limit 20`,
  );
}

export function negativeMemberAccounts(db: DbOrTx) {
  return queryRows<{ id: string; balance: string }>(
    db,
    sql`select id::text, balance::text from ledger_accounts where profile_id is not null and balance < 0 limit 20`,
  );
}

/** Per kind and currency: member accounts' running balances, or system accounts' sum of entries. */
export function balancesByKind(db: DbOrTx) {
  return queryRows<{ kind: string; currency: string; total: string }>(
    db,
    sql`select a.kind, a.currency,
               sum(case when a.profile_id is not null then a.balance else coalesce(s.total, 0) end)::text as total
        from ledger_accounts a
        left join (select account_id, sum(amount) as total from ledger_entries group by account_id) s on s.account_id = a.id
        group by a.kind, a.currency order by a.currency, a.kind`,
  );
}

export async function ledgerCounts(db: DbOrTx) {
  const [counts] = await queryRows<{ transactions: number; entries: number; accounts: number }>(
    db,
    sql`select (select count(*) from ledger_transactions)::int as transactions,
               (select count(*) from ledger_entries)::int as entries,
               (select count(*) from ledger_accounts)::int as accounts`,
  );
  return counts ?? { transactions: 0, entries: 0, accounts: 0 };
}

/**
 * The marketplace escrow (ADR 024): the views in the `marketplace_escrow` account equal the views
 * of the OPEN offers. A row when they differ.
 */
export function marketEscrowMismatch(db: DbOrTx) {
  return queryRows<{ escrow: string; open: string }>(
    db,
    sql`select e.escrow::text, o.open::text from
          (select coalesce(sum(le.amount), 0) as escrow from ledger_entries le
             join ledger_accounts a on a.id = le.account_id
            where a.kind = 'marketplace_escrow' and a.currency = 'VIEWS') e,
          (select coalesce(sum(views_quantity), 0) as open from market_offers where status = 'OPEN') o
        where e.escrow <> o.open`,
  );
}

/**
 * Earnings on hold (ADR 047): per member and currency, the HELD holds sum to the member's held
 * account. A row per member and currency where they differ.
 */
export function heldAccountMismatch(db: DbOrTx) {
  return queryRows<{ profile_id: string; currency: string; balance: string; held: string }>(
    db,
    sql`select a.profile_id::text, a.currency, a.balance::text, coalesce(h.held, 0)::text as held
        from ledger_accounts a
        left join (select member_id, currency, sum(amount) as held from earning_holds
                    where status = 'HELD' group by member_id, currency) h
          on h.member_id = a.profile_id and h.currency = a.currency
        where a.kind = 'member_held' and a.balance <> coalesce(h.held, 0)
        union all
        select h.member_id::text, h.currency, '0', h.held::text
        from (select member_id, currency, sum(amount) as held from earning_holds
               where status = 'HELD' group by member_id, currency) h
        where not exists (select 1 from ledger_accounts a where a.kind = 'member_held'
                           and a.profile_id = h.member_id and a.currency = h.currency)
        limit 20`,
  );
}

const LEDGER_TOTALS = functionCall("vv_ledger_totals", {}, "jsonb");

/**
 * The platform's totals per currency (vv_ledger_totals, db/functions/01-ledger.sql, ADR 069):
 * the one computation the admin overview, the transparency page and `ledger:verify` show.
 */
export async function ledgerTotals(db: DbOrTx): Promise<TLedgerTotalsByCurrency> {
  const [row] = await queryRows<{ outcome: TLedgerTotalsByCurrency }>(
    db,
    callSql(LEDGER_TOTALS, {}),
  );
  if (!row) throw new Error("vv_ledger_totals answered no row");
  return row.outcome;
}
