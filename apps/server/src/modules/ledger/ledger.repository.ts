import { and, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import {
  type Currency,
  ledgerAccounts,
  type SystemAccountKind,
  viewBalances,
  walletBalances,
} from "../../db/schema";

export interface AccountRow {
  id: number;
  kind: string;
  profileId: string | null;
  currency: Currency;
}

/** Account ids never change once created, so they are cached per process. */
const memberAccountIds = new Map<string, number>();
const systemAccountIds = new Map<string, number>();

export function clearAccountCache(): void {
  memberAccountIds.clear();
  systemAccountIds.clear();
}

export async function memberAccountId(
  db: DbOrTx,
  profileId: string,
  currency: Currency,
): Promise<number> {
  const key = `${profileId}:${currency}`;
  const cached = memberAccountIds.get(key);
  if (cached !== undefined) return cached;
  const rows = await db
    .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.profileId, profileId), eq(ledgerAccounts.kind, "member")));
  for (const row of rows) memberAccountIds.set(`${profileId}:${row.currency}`, row.id);
  const id = memberAccountIds.get(key);
  if (id === undefined) throw new Error(`no ${currency} account for profile ${profileId}`);
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
    .where(sql`${ledgerAccounts.kind} <> 'member'`);
  for (const row of rows) systemAccountIds.set(`${row.kind}:${row.currency}`, row.id);
  const id = systemAccountIds.get(key);
  if (id === undefined) throw new Error(`no system account ${kind} ${currency}`);
  return id;
}

export interface PostedRow {
  transactionId: string;
  profileId: string;
  views: string;
  usdt: string;
  pending: string;
}

/** One call of the database function ledger_post (see migration 0005); returns member balances after. */
export async function callLedgerPost(
  tx: DbOrTx,
  args: {
    kind: string;
    actor: string | null;
    memo: Record<string, unknown>;
    legs: Array<{ account_id: number; amount: string; counterparty: string | null }>;
    pendingProfile: string | null;
    pendingDelta: bigint;
  },
): Promise<PostedRow[]> {
  return queryRows<PostedRow>(
    tx,
    sql`select transaction_id as "transactionId", profile_id as "profileId", balance_views::text as views,
               balance_usdt::text as usdt, pending_usdt::text as pending
        from ledger_post(${args.kind}, ${args.actor}::uuid, ${JSON.stringify(args.memo)}::jsonb, ${JSON.stringify(args.legs)}::jsonb,
                         ${args.pendingProfile}::uuid, ${args.pendingDelta}::bigint)`,
  );
}

export interface Balances {
  views: bigint;
  usdt: bigint;
  pendingUsdt: bigint;
}

export async function readBalances(db: DbOrTx, profileId: string): Promise<Balances> {
  const [row] = await queryRows<{ views: string; usdt: string; pending: string }>(
    db,
    sql`select v.balance_views::text as views, w.balance_usdt::text as usdt, w.pending_usdt::text as pending
        from ${viewBalances} v join ${walletBalances} w on w.user_id = v.user_id where v.user_id = ${profileId}`,
  );
  if (!row) throw new Error(`no balances for profile ${profileId}`);
  return { views: BigInt(row.views), usdt: BigInt(row.usdt), pendingUsdt: BigInt(row.pending) };
}

export async function accountsByIds(db: DbOrTx, ids: number[]): Promise<AccountRow[]> {
  return db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      profileId: ledgerAccounts.profileId,
      currency: ledgerAccounts.currency,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, ids));
}
