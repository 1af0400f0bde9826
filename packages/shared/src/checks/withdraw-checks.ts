import { type Network, WITHDRAWAL } from "../constants";
import type { Problem } from "../errors";
import { parseUsdt, wholeUsdt } from "../money";
import { walletAddressProblem } from "../wallet/wallet-address";

/** The network fee taken from a withdrawal, and what the member receives (micro-USDT). */
export function withdrawalQuote(network: Network, amount: bigint): { fee: bigint; net: bigint } {
  const fee = WITHDRAWAL.feesMicroUsdt[network];
  return { fee, net: amount > fee ? amount - fee : 0n };
}

/** The daily withdrawal limit of a member (micro-USDT). */
export function dailyWithdrawalLimit(isVerified: boolean): bigint {
  return isVerified
    ? WITHDRAWAL.dailyLimitMicroUsdt.verified
    : WITHDRAWAL.dailyLimitMicroUsdt.unverified;
}

/** The start of the day (00:00 UTC) the daily withdrawal limit counts from. */
export function withdrawalDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * The seeds' withdrawal checks, in the seeds' order: amount required and numeric, at least the
 * minimum, at most the USDT balance, address required, address at least 20 characters — then
 * the address checked for real on its network (base58check for TRC20, EIP-55 for ERC20/BEP20).
 * The form runs it with the balance it shows; the server with the balance it just read (the
 * database refuses an overdraft atomically, with the same problem).
 */
export function withdrawProblem(
  input: { amount: string; network: Network; walletAddress: string },
  context: { usdt: bigint | null; limits?: WithdrawLimits },
): Problem | null {
  const amount = parseUsdt(input.amount.trim());
  if (amount === null || amount <= 0n) return { code: "INVALID_AMOUNT", field: "amount" };
  if (amount % 10_000n !== 0n) return { code: "INVALID_AMOUNT", field: "amount" };
  if (amount < WITHDRAWAL.minMicroUsdt) {
    return {
      code: "BELOW_MINIMUM",
      field: "amount",
      params: { context: "withdrawal", min: wholeUsdt(WITHDRAWAL.minMicroUsdt) },
    };
  }
  if (context.usdt !== null && amount > context.usdt) return insufficientWithdrawal();
  const address = input.walletAddress.trim();
  if (!address) return { code: "WALLET_ADDRESS_REQUIRED", field: "walletAddress" };
  if (address.length < WITHDRAWAL.addressMinLength) {
    return { code: "INVALID_WALLET_ADDRESS", field: "walletAddress" };
  }
  const problem = walletAddressProblem(input.network, address);
  if (problem) {
    return {
      code: "INVALID_WALLET_ADDRESS",
      field: "walletAddress",
      params: { context: problem === "checksum" ? "checksum" : input.network.toLowerCase() },
    };
  }
  return context.limits ? withdrawLimitProblem(amount, context.limits) : null;
}

/**
 * What the member's day and payout wallet already decide (the page shows both: "100.00 USDT of
 * 100.00 USDT used today", the new-wallet hold): a payout wallet changed less than 24 hours ago,
 * then the daily limit — the refusals of `vv_withdraw_request`, in its order, with its codes and
 * parameters. The form refuses before asking for the password; the server before checking it
 * (the database checks both again, atomically).
 */
export interface WithdrawLimits {
  /** Withdrawn today (not failed), micro-USDT. */
  usedToday: bigint;
  /** The member's daily limit, micro-USDT. */
  dailyLimit: bigint;
  /** Until then the payout wallet is too new to receive a withdrawal (null: not held). */
  walletHeldUntil: Date | null;
  now: Date;
}

/** The day's and the wallet's refusal for `amount` (see `WithdrawLimits`), or null. */
export function withdrawLimitProblem(amount: bigint, limits: WithdrawLimits): Problem | null {
  if (limits.walletHeldUntil && limits.walletHeldUntil > limits.now) {
    return {
      code: "WALLET_ADDRESS_TOO_NEW",
      field: "walletAddress",
      params: { hours: WITHDRAWAL.newAddressHoldHours },
    };
  }
  if (limits.usedToday + amount > limits.dailyLimit) {
    const left = limits.dailyLimit - limits.usedToday;
    return {
      code: "DAILY_LIMIT_REACHED",
      field: "amount",
      params: {
        context: "withdrawal",
        limit: wholeUsdt(limits.dailyLimit),
        remaining: wholeUsdt(left > 0n ? left : 0n),
      },
    };
  }
  return null;
}

/** The seeds' "Insufficient balance" of the withdrawal form. */
export function insufficientWithdrawal(): Problem {
  return { code: "INSUFFICIENT_BALANCE", field: "amount", params: { context: "withdrawal" } };
}
