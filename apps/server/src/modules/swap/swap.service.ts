import {
  insufficientSwap,
  REFERRAL,
  swapProblem,
  swapQuote,
  type TBalances,
  type TCreateSwapRequest,
  type TSwap,
  type TSwapResult,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import type { ProfileRow } from "../profiles/profiles.repository";
import { recentSwaps, type SwapRow } from "./swap.repository";

const RATE = "0.100000";

export function toSwapDto(row: SwapRow): TSwap {
  return {
    id: row.id,
    direction: row.direction,
    viewsAmount: row.viewsAmount.toString(),
    usdtAmount: row.usdtAmount.toString(),
    swapRate: RATE,
    status: row.status,
    completedAt: row.completedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

const SWAP_COMMAND = command("vv_swap", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_direction: "text",
  p_views: "bigint",
  p_usdt: "bigint",
  p_rate: "numeric",
  p_commission_bps: "bigint",
});

interface SwapResultRow {
  swap: Omit<TSwap, "swapRate">;
  balances: TBalances;
}

/**
 * Swaps at the fixed rates of the shared constants after the shared swap checks (the form runs the same ones):
 * views → USDT at 0.1 USDT per view; USDT → views buys whole views only and charges exactly
 * views ÷ 10 USDT. The swap command (vv_swap, db/functions/swap.sql) posts against the issuance account,
 * records the swap and pays a referrer's commission on new net conversion, in one statement.
 */
export async function createSwap(
  money: Money,
  member: ProfileRow,
  request: TCreateSwapRequest,
  idem: Idempotency,
): Promise<CommandOutcome<TSwapResult>> {
  const quote = swapQuote(request.direction, request.amount, null);
  const problem = swapProblem(quote, request.direction);
  if (problem || quote.status !== "ok") throw AppError.from(problem ?? { code: "INVALID_AMOUNT" });
  const toUsdt = request.direction === "VIEWS_TO_USDT";
  const views = toUsdt ? quote.spend : quote.receive;
  const usdt = toUsdt ? quote.receive : quote.spend;
  const outcome = await SWAP_COMMAND.run<SwapResultRow>(
    money,
    {
      member: member.id,
      ...idem,
      direction: request.direction,
      views,
      usdt,
      rate: RATE,
      commissionBps: REFERRAL.commissionBasisPoints,
    },
    { insufficient: insufficientSwap(request.direction) },
  );
  const { swap, balances } = outcome.result;
  return {
    ...outcome,
    result: {
      swap: {
        ...swap,
        swapRate: RATE,
        completedAt: new Date(swap.completedAt).toISOString(),
        createdAt: new Date(swap.createdAt).toISOString(),
      },
      balances,
    },
  };
}

export async function listRecentSwaps(db: Db, profileId: string, limit: number): Promise<TSwap[]> {
  return (await recentSwaps(db, profileId, limit)).map(toSwapDto);
}
