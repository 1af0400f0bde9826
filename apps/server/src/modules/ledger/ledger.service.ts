import type { DbOrTx } from "../../db/client";
import type { Currency, SystemAccountKind } from "../../db/schema";
import {
  type Balances,
  callLedgerPost,
  memberAccountId,
  type PostedRow,
  systemAccountId,
} from "./ledger.repository";

export type AccountRef =
  | { member: string; currency: Currency }
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
  /** Change of a member's pending (withdrawal escrow) USDT, kept on wallet_balances. */
  pendingUsdt?: { profileId: string; delta: bigint };
}

/** A member account would go below zero: nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly profileId: string,
    readonly currency: Currency,
  ) {
    super(`insufficient ${currency} balance for ${profileId}`);
    this.name = "InsufficientFundsError";
  }
}

/**
 * Posts one balanced ledger transaction inside the caller's database transaction, in one round
 * trip to the database function `ledger_post` (migration 0005): it checks the legs balance per
 * currency, locks the member accounts in ascending id order (so concurrent postings cannot
 * deadlock), refuses any member debit beyond the balance, writes the entries with the running
 * member balances, updates the view/wallet projections, notifies listeners at commit and returns
 * the touched members' balances.
 * Every feature moves money through here.
 */
export async function postTransaction(
  tx: DbOrTx,
  posting: Posting,
): Promise<{ transactionId: string; balances: Map<string, Balances> }> {
  // One leg per account: legs on the same account are merged.
  const merged = new Map<string, Leg>();
  for (const leg of posting.legs) {
    const key =
      "member" in leg.account
        ? `m:${leg.account.member}:${leg.account.currency}`
        : `s:${leg.account.system}:${leg.account.currency}`;
    const prev = merged.get(key);
    merged.set(key, prev ? { ...prev, amount: prev.amount + leg.amount } : leg);
  }
  const legs = [...merged.values()].filter((leg) => leg.amount !== 0n);
  const totals = new Map<Currency, bigint>();
  for (const leg of legs)
    totals.set(leg.account.currency, (totals.get(leg.account.currency) ?? 0n) + leg.amount);
  for (const [currency, total] of totals) {
    if (total !== 0n)
      throw new Error(`posting ${posting.kind} does not balance in ${currency}: ${total}`);
  }
  if (legs.length < 2) throw new Error(`posting ${posting.kind} needs at least two non-zero legs`);

  // One after the other: a transaction's connection runs one query at a time.
  const resolved: Array<{ leg: Leg; accountId: number }> = [];
  for (const leg of legs) {
    const accountId =
      "member" in leg.account
        ? await memberAccountId(tx, leg.account.member, leg.account.currency)
        : await systemAccountId(tx, leg.account.system, leg.account.currency);
    resolved.push({ leg, accountId });
  }
  let rows: PostedRow[];
  try {
    rows = await callLedgerPost(tx, {
      kind: posting.kind,
      actor: posting.actorProfileId,
      memo: posting.memo ?? {},
      legs: resolved.map(({ leg, accountId }) => ({
        account_id: accountId,
        amount: leg.amount.toString(),
        counterparty: leg.counterparty ?? null,
      })),
      pendingProfile: posting.pendingUsdt?.profileId ?? null,
      pendingDelta: posting.pendingUsdt?.delta ?? 0n,
    });
  } catch (error) {
    const pgError = databaseError(error);
    if (pgError?.code === "VV002") {
      const accountId = Number(pgError.detail);
      const leg = resolved.find((r) => r.accountId === accountId)?.leg;
      throw new InsufficientFundsError(
        leg && "member" in leg.account ? leg.account.member : "?",
        leg?.account.currency ?? "VIEWS",
      );
    }
    throw error;
  }
  const balances = new Map<string, Balances>();
  for (const row of rows) {
    balances.set(row.profileId, {
      views: BigInt(row.views),
      usdt: BigInt(row.usdt),
      pendingUsdt: BigInt(row.pending),
    });
  }
  const transactionId = rows[0]?.transactionId;
  if (!transactionId) throw new Error(`posting ${posting.kind} touched no member account`);
  return { transactionId, balances };
}

/** The driver's error behind Drizzle's wrapper (node-postgres and PGlite both carry code/detail). */
function databaseError(error: unknown): { code?: string; detail?: string } | undefined {
  let current = error as { code?: string; detail?: string; cause?: unknown } | undefined;
  for (let i = 0; i < 5 && current; i++) {
    if (typeof current.code === "string") return current;
    current = current.cause as typeof current;
  }
  return undefined;
}
