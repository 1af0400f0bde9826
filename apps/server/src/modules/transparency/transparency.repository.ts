import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";

/** USDT credited to the payouts account, per withdrawal network (from the transaction's memo). */
export function payoutsByNetwork(db: DbOrTx) {
  return queryRows<{ network: string | null; total: string }>(
    db,
    sql`select t.memo ->> 'network' as network, sum(e.amount)::text as total
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
        where a.kind = 'payouts' and a.currency = 'USDT' and a.profile_id is null
        group by 1`,
  );
}

/** Per UTC day since `since`: net issuance from the rewards accounts and USDT paid out. */
export function dailyFlows(db: DbOrTx, since: Date) {
  return queryRows<{ day: string; issued_views: string; issued_usdt: string; paid_usdt: string }>(
    db,
    sql`select to_char(date_trunc('day', e.created_at at time zone 'UTC'), 'YYYY-MM-DD') as day,
          (-coalesce(sum(e.amount) filter (where a.kind = 'rewards' and a.currency = 'VIEWS'), 0))::text as issued_views,
          (-coalesce(sum(e.amount) filter (where a.kind = 'rewards' and a.currency = 'USDT'), 0))::text as issued_usdt,
          coalesce(sum(e.amount) filter (where a.kind = 'payouts' and a.currency = 'USDT'), 0)::text as paid_usdt
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id and e.created_at >= ${since.toISOString()}::timestamptz
        where a.profile_id is null and a.kind in ('rewards', 'payouts')
        group by 1 order by 1`,
  );
}
