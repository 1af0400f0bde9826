import { type ErrorCode, isErrorCode, type Problem, type TBalances } from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";
import type { Currency, MemberAccountKind, SystemAccountKind } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import {
  balancesDto,
  callLedgerPost,
  memberAccountId,
  readBalances,
  systemAccountId,
} from "./ledger.repository";

export type AccountRef =
  | { member: string; currency: Currency; kind?: MemberAccountKind }
  | { system: SystemAccountKind; currency: Currency };

export interface Leg {
  account: AccountRef;
  /** Signed minor units: positive credits the account, negative debits it. */
  amount: bigint;
  /** The other member, shown in activity ("from alice", "to bruno"). */
  counterparty?: string | null;
}

export interface Posting {
  kind: string;
  actorProfileId: string | null;
  memo?: Record<string, unknown>;
  legs: Leg[];
}

/** What an overdraft means to the caller: a shared check's problem, or one per currency. */
export type Insufficient = Problem | ((currency: Currency) => Problem);

/**
 * A refusal raised by the database: `vv_refuse` (SQLSTATE VV400: the catalogue's code, its
 * parameters and field) or an overdraft (VV002, DETAIL: the currency) that the caller names with
 * `insufficient`. Anything else is not a refusal (undefined).
 */
export function refusalOf(error: unknown, insufficient?: Insufficient): Error | undefined {
  const current = databaseError(error);
  if (!current) return undefined;
  if (current.code === "VV400" && isErrorCode(current.message)) {
    let params: Record<string, string | number> | undefined;
    try {
      const parsed = JSON.parse(current.detail ?? "{}") as Record<string, string | number>;
      params = Object.keys(parsed).length ? parsed : undefined;
    } catch {
      params = undefined;
    }
    return new AppError(current.message as ErrorCode, params, {
      field: current.hint ? current.hint : undefined,
    });
  }
  if (current.code === "VV002") {
    if (!insufficient) return new Error(`insufficient ${current.detail} balance`);
    const problem =
      typeof insufficient === "function" ? insufficient(current.detail as Currency) : insufficient;
    return AppError.from(problem);
  }
  // An unbalanced posting is a bug: its own message, not the driver's "Failed query".
  if (current.code === "VV001") return new Error(current.message);
  return undefined;
}

interface DatabaseError {
  code?: string;
  detail?: string;
  message?: string;
  hint?: string;
  cause?: unknown;
}

/** The driver's error behind Drizzle's wrapper (node-postgres and PGlite both carry the SQLSTATE). */
function databaseError(error: unknown): DatabaseError | undefined {
  let current = error as DatabaseError | undefined;
  for (let i = 0; i < 5 && current; i++) {
    if (typeof current.code === "string") return current;
    current = current.cause as DatabaseError | undefined;
  }
  return undefined;
}

async function accountOf(tx: DbOrTx, ref: AccountRef): Promise<number> {
  return "member" in ref
    ? memberAccountId(tx, ref.member, ref.currency, ref.kind)
    : systemAccountId(tx, ref.system, ref.currency);
}

/**
 * Posts one balanced ledger transaction inside the caller's database transaction, through the
 * database function `ledger_post` (db/functions/01-ledger.sql): it checks the legs balance per
 * currency, locks the member accounts in ascending id order (so concurrent postings cannot
 * deadlock), refuses any member debit beyond the balance, and writes the entries with the running
 * member balances. Money commands (money-command.ts) call it inside their own statement; this is
 * for the rarer postings a service makes inside a multi-statement transaction (rewards, refunds,
 * grants).
 */
export async function postTransaction(
  tx: DbOrTx,
  posting: Posting,
  insufficient?: Insufficient,
): Promise<{ transactionId: string }> {
  // One leg per account: legs on the same account are merged.
  const merged = new Map<number, Leg>();
  // One after the other: a transaction's connection runs one query at a time.
  for (const leg of posting.legs) {
    const id = await accountOf(tx, leg.account);
    const prev = merged.get(id);
    merged.set(id, prev ? { ...prev, amount: prev.amount + leg.amount } : leg);
  }
  const legs = [...merged.entries()].filter(([, leg]) => leg.amount !== 0n);
  try {
    const transactionId = await callLedgerPost(tx, {
      kind: posting.kind,
      actor: posting.actorProfileId,
      memo: posting.memo ?? {},
      accounts: legs.map(([id]) => id),
      amounts: legs.map(([, leg]) => leg.amount),
      counterparties: legs.map(([, leg]) => leg.counterparty ?? null),
    });
    return { transactionId };
  } catch (error) {
    throw refusalOf(error, insufficient) ?? error;
  }
}

/**
 * Posts in the caller's transaction, turns an overdraft into the caller's refusal and returns
 * the balances of `balancesOf` as the ledger left them.
 */
export async function postMoney(
  tx: DbOrTx,
  posting: Posting,
  options: { balancesOf?: string; insufficient?: Insufficient } = {},
): Promise<{ transactionId: string; balances: TBalances }> {
  const { transactionId } = await postTransaction(tx, posting, options.insufficient);
  const mine = options.balancesOf ? await readBalances(tx, options.balancesOf) : undefined;
  return {
    transactionId,
    balances: balancesDto(
      mine ?? { views: 0n, usdt: 0n, pendingUsdt: 0n, heldViews: 0n, heldNextClearAt: null },
    ),
  };
}
