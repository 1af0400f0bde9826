import type { TBalances } from "@viewvault/shared";
import { eq, sql } from "drizzle-orm";
import { type DbOrTx, prepared, queryRows, runPrepared } from "../../db/client";
import {
  type Currency,
  ledgerAccounts,
  type MemberAccountKind,
  type SystemAccountKind,
} from "../../db/schema";

/** Account ids never change once created, so they are cached per process. */
const memberAccountIds = new Map<string, number>();
const systemAccountIds = new Map<string, number>();

export async function memberAccountId(
  db: DbOrTx,
  profileId: string,
  currency: Currency,
  kind: MemberAccountKind = "member",
): Promise<number> {
  const key = `${profileId}:${kind}:${currency}`;
  const cached = memberAccountIds.get(key);
  if (cached !== undefined) return cached;
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.profileId, profileId));
  for (const row of rows) memberAccountIds.set(`${profileId}:${row.kind}:${row.currency}`, row.id);
  const id = memberAccountIds.get(key);
  if (id === undefined) throw new Error(`no ${kind} ${currency} account for profile ${profileId}`);
  return id;
}

export async function systemAccountId(
  db: DbOrTx,
  kind: SystemAccountKind,
  currency: Currency,
): Promise<number> {
  const key = `${kind}:${currency}`;
  const cached = systemAccountIds.get(key);
  if (cached !== undefined) return cached;
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.profileId} is null`);
  for (const row of rows) systemAccountIds.set(`${row.kind}:${row.currency}`, row.id);
  const id = systemAccountIds.get(key);
  if (id === undefined) throw new Error(`no system account ${kind} ${currency}`);
  return id;
}

/** One call of the database function ledger_post (functions/01-ledger.sql): the transaction id. */
export async function callLedgerPost(
  tx: DbOrTx,
  args: {
    kind: string;
    actor: string | null;
    memo: Record<string, unknown>;
    accounts: number[];
    amounts: bigint[];
    counterparties: Array<string | null>;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select ledger_post(${args.kind}, ${args.actor}::uuid, ${JSON.stringify(args.memo)}::jsonb,
          ${`{${args.accounts.join(",")}}`}::bigint[], ${`{${args.amounts.join(",")}}`}::bigint[],
          ${`{${args.counterparties.map((c) => c ?? "NULL").join(",")}}`}::uuid[]) as id`,
  );
  if (!row) throw new Error("ledger_post returned nothing");
  return row.id;
}

export interface Balances {
  views: bigint;
  usdt: bigint;
  pendingUsdt: bigint;
  /** Views earned and still on hold (ADR 047), and when the first of them clears. */
  heldViews: bigint;
  heldNextClearAt: Date | null;
}

const BALANCES = prepared(
  `select kind, currency, balance::text as balance,
     case when kind = 'member_held' and currency = 'VIEWS' then
       (select min(h.clears_at) from earning_holds h where h.member_id = $1::uuid and h.status = 'HELD')
     end as next_clear_at
   from ledger_accounts where profile_id = $1::uuid`,
);

/**
 * A member's balances: their accounts themselves, in one indexed read (a prepared statement),
 * with the first clearing time of their holds (the member's HELD holds by clearing time: an index).
 */
export async function readBalances(db: DbOrTx, profileId: string): Promise<Balances> {
  const rows = await runPrepared<{
    kind: string;
    currency: string;
    balance: string;
    next_clear_at: string | Date | null;
  }>(db, BALANCES, [profileId]);
  if (rows.length === 0) throw new Error(`no accounts for profile ${profileId}`);
  const balances: Balances = {
    views: 0n,
    usdt: 0n,
    pendingUsdt: 0n,
    heldViews: 0n,
    heldNextClearAt: null,
  };
  for (const r of rows) {
    if (r.kind === "member_pending") balances.pendingUsdt = BigInt(r.balance);
    else if (r.kind === "member_held") {
      if (r.currency === "VIEWS") {
        balances.heldViews = BigInt(r.balance);
        balances.heldNextClearAt = r.next_clear_at ? new Date(r.next_clear_at) : null;
      }
    } else if (r.currency === "VIEWS") balances.views = BigInt(r.balance);
    else balances.usdt = BigInt(r.balance);
  }
  return balances;
}

/** The balances as the API answers them (minor units as strings). */
export function balancesDto(b: Balances): TBalances {
  return {
    views: b.views.toString(),
    usdt: b.usdt.toString(),
    pendingUsdt: b.pendingUsdt.toString(),
    heldViews: b.heldViews.toString(),
    heldNextClearAt: b.heldNextClearAt?.toISOString() ?? null,
  };
}
