import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../db/client";
import type { SeedOptions } from "./seed-options";

/**
 * Dates the history: each ledger entry (and its transaction, and the transfer it records) takes
 * the time of the operation that wrote it; the demo logins' starting balances move before it, so
 * the running balances read in order of time as they do in order of posting. The ledger is
 * append-only (a trigger refuses UPDATE): this one seed step sets `session_replication_role` to
 * `replica` for its own transaction, which a superuser may (the embedded database's role).
 * Without that right the history stays dated today (ADR 052).
 */
export async function backdate(
  tx: DbOrTx,
  after: string,
  dated: Array<{ upTo: string; at: Date }>,
  startingBalancesAt: Date,
  opts: SeedOptions,
): Promise<void> {
  const [role] = await queryRows<{ superuser: string }>(
    tx,
    sql`select current_setting('is_superuser') as superuser`,
  );
  if (role?.superuser !== "on") {
    opts.log("demo activity: not a superuser, so the history is dated today");
    return;
  }
  const ranges = dated.map((d, i) => ({
    lo: i === 0 ? after : (dated[i - 1]?.upTo ?? after),
    hi: d.upTo,
    at: d.at.toISOString(),
  }));
  await queryRows(tx, sql`set local session_replication_role = replica`);
  await queryRows(
    tx,
    sql`with r as (select * from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb)
          as r(lo bigint, hi bigint, at timestamptz))
        update ledger_entries e set created_at = r.at from r
        where e.id > r.lo and e.id <= r.hi returning e.id`,
  );
  await queryRows(
    tx,
    sql`update ledger_transactions t set created_at = e.created_at
        from (select distinct transaction_id, created_at from ledger_entries where id > ${after}::bigint) e
        where t.id = e.transaction_id returning t.id`,
  );
  await queryRows(
    tx,
    sql`update user_transfers u set created_at = t.created_at from ledger_transactions t
        where t.id = u.ledger_transaction_id and u.created_at = now() returning u.id`,
  );
  // The demo logins' starting balances (demo-balances.ts), posted just before: before the history.
  await queryRows(
    tx,
    sql`update ledger_transactions set created_at = ${startingBalancesAt.toISOString()}::timestamptz
        where kind = 'adjustment' and memo ? 'demo' and not memo ? 'demoHistory' returning id`,
  );
  await queryRows(
    tx,
    sql`update ledger_entries e set created_at = t.created_at from ledger_transactions t
        where t.id = e.transaction_id and t.kind = 'adjustment' and t.memo ? 'demo'
          and not t.memo ? 'demoHistory' returning e.id`,
  );
  await queryRows(tx, sql`set local session_replication_role = origin`);
}
