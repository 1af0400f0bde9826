import {
  HOLD,
  type TBalances,
  type TCreateViewRequestResult,
  type TViewRequest,
  type TViewRequestList,
  VIEW_REQUEST,
} from "@viewvault/shared";
import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { Realtime } from "../../plugins/realtime";
import type { Idempotency } from "../idempotency/idempotency";
import { postMoney } from "../ledger/ledger.service";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import { utcDay } from "../watch/watch.service";
import {
  countOn,
  lockPool,
  markCancelled,
  pendingIdsOf,
  requestsOf,
  type ViewRequestRow,
} from "./view-requests.repository";

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

const VIEW_REQUEST_COMMAND = command("vv_view_request", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_now: "timestamptz",
  p_day: "date",
  p_limit: "int",
  p_cost: "bigint",
  p_reward: "bigint",
  p_hold_hours: "jsonb",
});

/**
 * A view request, through its command (vv_view_request, db/functions/videos.sql): one of the
 * member's 10 daily slots (a counter updated conditionally), 1 view, and the pool; when another
 * member's request waits, the oldest is matched with it and both members gain 2 views on hold (ADR 047) — in one
 * statement, under the pool lock, so two requests arriving together always meet and a waiting
 * request is matched once. The waiting member whose request was matched is told on their open
 * streams (`viewRequests`), so an open Request Views dialog shows the match.
 */
export async function createViewRequest(
  money: Money,
  realtime: Pick<Realtime, "announce">,
  clock: Clock,
  memberId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TCreateViewRequestResult>> {
  const now = clock.now();
  const outcome = await VIEW_REQUEST_COMMAND.run<{
    request: Omit<TViewRequest, "matchedAt" | "createdAt"> & {
      matchedAt: string | null;
      createdAt: string;
    };
    matched: boolean;
    balances: TBalances;
  }>(
    money,
    {
      member: memberId,
      ...idem,
      now,
      day: utcDay(now),
      limit: VIEW_REQUEST.dailyLimit,
      cost: VIEW_REQUEST.costViews,
      reward: VIEW_REQUEST.matchRewardViews,
      // A match's gains are pending for the hold window of each member's risk (ADR 047).
      holdHours: JSON.stringify(HOLD.hoursByRisk),
    },
    {
      insufficient: {
        code: "INSUFFICIENT_BALANCE",
        params: { context: "viewRequest", cost: VIEW_REQUEST.costViews.toString() },
      },
    },
  );
  const { request, matched, balances } = outcome.result;
  if (matched && request.matchedWith && !outcome.replayed) {
    realtime.announce("viewRequests", [request.matchedWith.id]);
  }
  return {
    ...outcome,
    result: {
      request: {
        ...request,
        matchedAt: request.matchedAt ? new Date(request.matchedAt).toISOString() : null,
        createdAt: new Date(request.createdAt).toISOString(),
      },
      matched,
      balances,
    },
  };
}

/**
 * Takes a member's waiting requests out of the pool and refunds their views through the
 * ledger (a suspended member must not be matched and paid). Under the pool lock, so a match
 * in progress either happened before or does not happen.
 */
export async function cancelPendingRequests(tx: Tx, clock: Clock, memberId: string) {
  await lockPool(tx);
  const ids = await pendingIdsOf(tx, memberId);
  if (ids.length === 0) return 0;
  const refund = VIEW_REQUEST.costViews * BigInt(ids.length);
  const posted = await postMoney(tx, {
    kind: "view_request_refund",
    actorProfileId: null,
    memo: { requests: ids },
    legs: [
      { account: { system: "rewards", currency: "VIEWS" }, amount: -refund },
      { account: { member: memberId, currency: "VIEWS" }, amount: refund },
    ],
  });
  await markCancelled(tx, {
    ids,
    at: clock.now(),
    refundLedgerTransactionId: posted.transactionId,
  });
  return ids.length;
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
