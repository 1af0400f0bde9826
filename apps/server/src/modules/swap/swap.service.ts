import {
  microUsdtToViews,
  parseUsdt,
  parseViews,
  type TCreateSwapRequest,
  type TSwap,
  type TSwapResult,
  viewsToMicroUsdt,
} from "@viewvault/shared";
import type { Db, Tx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { readBalances } from "../ledger/ledger.repository";
import { InsufficientFundsError, postTransaction } from "../ledger/ledger.service";
import type { ProfileRow } from "../profiles/profiles.repository";
import { payCommission } from "../referrals/referrals.service";
import { toBalancesDto } from "../wallet/wallet.dto";
import { insertSwap, recentSwaps, type SwapRow } from "./swap.repository";

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

/**
 * Swaps at the fixed rates of SPEC §1 inside the caller's transaction: views → USDT at 0.1 USDT
 * per view; USDT → views buys whole views only and charges exactly views ÷ 10 USDT. The platform's
 * issuance account is the other side. A referred member's conversion may earn their referrer the
 * commission (only on new net conversion).
 */
export async function createSwap(
  tx: Tx,
  member: ProfileRow,
  request: TCreateSwapRequest,
): Promise<TSwapResult> {
  let views: bigint;
  let usdt: bigint;
  if (request.direction === "VIEWS_TO_USDT") {
    const parsed = parseViews(request.amount);
    if (parsed === null || parsed <= 0n)
      throw new AppError("INVALID_AMOUNT", "Digite um valor válido");
    views = parsed;
    usdt = viewsToMicroUsdt(views);
  } else {
    const parsed = parseUsdt(request.amount);
    if (parsed === null || parsed <= 0n)
      throw new AppError("INVALID_AMOUNT", "Digite um valor válido");
    ({ views, chargedMicroUsdt: usdt } = microUsdtToViews(parsed));
    if (views <= 0n) throw new AppError("INVALID_AMOUNT", "Digite um valor válido");
  }
  const toUsdt = request.direction === "VIEWS_TO_USDT";
  const sign = toUsdt ? 1n : -1n;
  let posted: Awaited<ReturnType<typeof postTransaction>>;
  try {
    posted = await postTransaction(tx, {
      kind: "swap",
      actorProfileId: member.id,
      memo: { direction: request.direction },
      legs: [
        { account: { member: member.id, currency: "VIEWS" }, amount: -sign * views },
        { account: { system: "rewards", currency: "VIEWS" }, amount: sign * views },
        { account: { member: member.id, currency: "USDT" }, amount: sign * usdt },
        { account: { system: "rewards", currency: "USDT" }, amount: -sign * usdt },
      ],
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError) {
      throw new AppError(
        "INSUFFICIENT_BALANCE",
        error.currency === "VIEWS"
          ? "Você não possui views suficientes"
          : "Você não possui USDT suficiente",
      );
    }
    throw error;
  }
  const swap = await insertSwap(tx, {
    userId: member.id,
    direction: request.direction,
    viewsAmount: views,
    usdtAmount: usdt,
    swapRate: RATE,
    ledgerTransactionId: posted.transactionId,
  });
  if (member.referredBy) await payCommission(tx, member, sign * usdt, true);
  const balances = posted.balances.get(member.id) ?? (await readBalances(tx, member.id));
  return { swap: toSwapDto(swap), balances: toBalancesDto(balances) };
}

export async function listRecentSwaps(db: Db, profileId: string, limit: number): Promise<TSwap[]> {
  return (await recentSwaps(db, profileId, limit)).map(toSwapDto);
}
