import {
  type TCreateViewRequestResult,
  type TViewRequest,
  type TViewRequestList,
  VIEW_REQUEST,
} from "@viewvault/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import { InsufficientFundsError, postTransaction } from "../ledger/ledger.service";
import { toBalancesDto } from "../wallet/wallet.dto";
import { utcDay } from "../watch/watch.service";
import {
  countOn,
  findRequest,
  insertRequest,
  lockPool,
  lockViewAccounts,
  markMatched,
  oldestPendingOf,
  requestsOf,
  takeDailySlot,
  type ViewRequestRow,
} from "./view-requests.repository";

export const VIEW_REQUEST_MESSAGES = {
  dailyLimit: `You have already made ${VIEW_REQUEST.dailyLimit} view requests today`,
  insufficient: `You need at least ${VIEW_REQUEST.costViews} view to request views`,
} as const;

function toDto(row: ViewRequestRow): TViewRequest {
  return {
    id: row.id,
    status: row.status,
    dailyCount: row.dailyCount,
    matchedWith:
      row.matchedWith && row.matchedUsername
        ? { id: row.matchedWith, username: row.matchedUsername }
        : null,
    matchedAt: row.matchedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A view request: takes one of the member's 10 daily slots (a counter row updated conditionally),
 * pays 1 view and joins the pool; when another member's request waits, the oldest one is matched
 * with it and both members gain 2 views — all in the caller's transaction, under the pool lock,
 * so two requests arriving together always meet and a waiting request is matched once.
 */
export async function createViewRequest(
  tx: Tx,
  clock: Clock,
  memberId: string,
): Promise<TCreateViewRequestResult> {
  await lockPool(tx);
  const now = clock.now();
  const slot = await takeDailySlot(tx, memberId, utcDay(now), VIEW_REQUEST.dailyLimit);
  if (slot === undefined)
    throw new AppError("DAILY_LIMIT_REACHED", VIEW_REQUEST_MESSAGES.dailyLimit);
  const partner = await oldestPendingOf(tx, memberId);
  await lockViewAccounts(tx, partner ? [memberId, partner.requesterId] : [memberId]);
  let charge: Awaited<ReturnType<typeof postTransaction>>;
  try {
    charge = await postTransaction(tx, {
      kind: "view_request",
      actorProfileId: memberId,
      memo: { dailyCount: slot },
      legs: [
        { account: { member: memberId, currency: "VIEWS" }, amount: -VIEW_REQUEST.costViews },
        { account: { system: "rewards", currency: "VIEWS" }, amount: VIEW_REQUEST.costViews },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw new AppError("INSUFFICIENT_BALANCE", VIEW_REQUEST_MESSAGES.insufficient);
    throw error;
  }
  const id = await insertRequest(tx, {
    requesterId: memberId,
    dailyCount: slot,
    ledgerTransactionId: charge.transactionId,
    createdAt: now,
  });
  let balances = charge.balances.get(memberId);
  if (partner) {
    const reward = VIEW_REQUEST.matchRewardViews;
    const match = await postTransaction(tx, {
      kind: "view_request_match",
      actorProfileId: memberId,
      memo: { requests: [partner.id, id] },
      legs: [
        { account: { system: "rewards", currency: "VIEWS" }, amount: -2n * reward },
        {
          account: { member: memberId, currency: "VIEWS" },
          amount: reward,
          counterparty: partner.requesterId,
        },
        {
          account: { member: partner.requesterId, currency: "VIEWS" },
          amount: reward,
          counterparty: memberId,
        },
      ],
    });
    await markMatched(tx, {
      id,
      matchedWith: partner.requesterId,
      matchedRequestId: partner.id,
      at: now,
      ledgerTransactionId: match.transactionId,
    });
    await markMatched(tx, {
      id: partner.id,
      matchedWith: memberId,
      matchedRequestId: id,
      at: now,
      ledgerTransactionId: match.transactionId,
    });
    balances = match.balances.get(memberId);
  }
  const row = await findRequest(tx, id);
  if (!row) throw new Error("view request not found after insert");
  return {
    request: toDto(row),
    matched: partner !== undefined,
    balances: toBalancesDto(balances ?? (await readBalances(tx, memberId))),
  };
}

export async function listViewRequests(
  db: Db,
  clock: Clock,
  memberId: string,
  limit: number,
): Promise<TViewRequestList> {
  const [rows, todayCount] = await Promise.all([
    requestsOf(db, memberId, limit),
    countOn(db, memberId, utcDay(clock.now())),
  ]);
  return { requests: rows.map(toDto), todayCount, dailyLimit: VIEW_REQUEST.dailyLimit };
}
