import { createHash } from "node:crypto";
import {
  dailyWithdrawalLimit,
  insufficientWithdrawal,
  parseUsdt,
  type TBalances,
  type TCreateWithdrawalRequest,
  type TWithdrawalOverview,
  type TWithdrawalResult,
  WITHDRAWAL,
  withdrawalDayStart,
  withdrawalQuote,
  withdrawProblem,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { getBalances } from "../balances/balances.service";
import { assertCashoutAllowed } from "../enforcement/enforcement.service";
import type { Idempotency } from "../idempotency/idempotency";
import { confirmIdentity } from "../identity/identity.service";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import {
  type ClaimJson,
  claimJsonToWithdrawal,
  type ExplorerLink,
  toWithdrawal,
} from "./withdrawals.mapper";
import { claimsOf, timelinesOf, withdrawnSince } from "./withdrawals.repository";

const HISTORY_LIMIT = 50;

/** When a payout wallet changed at `changedAt` can receive a withdrawal again (or null: now). */
function walletHeldUntil(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + WITHDRAWAL.newAddressHoldHours * 3_600_000);
  return until > now ? until : null;
}

/** /withdraw: balances, the member's withdrawals, the daily limit and the payout wallet. */
export async function getWithdrawalOverview(
  db: Db,
  clock: Clock,
  member: Member,
  explorer?: ExplorerLink,
): Promise<TWithdrawalOverview> {
  const now = clock.now();
  const profile = member.profile;
  const [balances, claims, usedToday] = await Promise.all([
    getBalances(db, profile.id),
    claimsOf(db, profile.id, HISTORY_LIMIT),
    withdrawnSince(db, profile.id, withdrawalDayStart(now)),
  ]);
  const heldUntil = walletHeldUntil(profile.walletChangedAt, now);
  const timelines = await timelinesOf(
    db,
    claims.map((c) => c.id),
  );
  return {
    balances,
    withdrawals: claims.map((c) => toWithdrawal(c, timelines.get(c.id) ?? [], explorer)),
    dailyLimit: dailyWithdrawalLimit(profile.isVerified).toString(),
    usedToday: usedToday.toString(),
    wallet: {
      address: profile.walletAddress,
      network: profile.walletNetwork,
      heldUntil: heldUntil?.toISOString() ?? null,
    },
  };
}

const WITHDRAW_COMMAND = command("vv_withdraw_request", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_amount: "bigint",
  p_fee: "bigint",
  p_network: "text",
  p_address: "text",
  p_now: "timestamptz",
  p_day_start: "timestamptz",
  p_limit_unverified: "bigint",
  p_limit_verified: "bigint",
  p_hold_hours: "int",
  p_second_above: "bigint",
  p_support_email: "text?",
});

interface WithdrawRow {
  withdrawal: ClaimJson;
  balances: TBalances;
}

/**
 * The request's fingerprint without the password or code: a retry with the same key replays
 * the first answer even when the 2FA code has changed since.
 */
function withoutSecrets(idem: Idempotency, request: TCreateWithdrawalRequest): Idempotency {
  const { password: _password, code: _code, passkey: _passkey, ...rest } = request;
  const hash = createHash("sha256")
    .update(`${idem.route}\n${JSON.stringify(rest)}`)
    .digest("hex");
  return { ...idem, hash };
}

/** A member's withdrawal request, with what checks it and whom it tells. */
export interface RequestWithdrawalOptions {
  money: Money;
  clock: Clock;
  /** Checks the 2FA code. */
  authSecret: string;
  /** The support inbox told of every withdrawal request. */
  supportEmail: string | null;
  member: Member;
  request: TCreateWithdrawalRequest;
  idem: Idempotency;
}

/**
 * A withdrawal: the seeds' checks in the seeds' order (the shared sequence the form runs, with
 * the balance just read), the password or 2FA code, then the command (vv_withdraw_request) that
 * locks the member's USDT account, refuses a payout wallet changed less than 24 hours ago and a
 * request over the daily limit, moves the amount to escrow, writes the claim, its support
 * request and the e-mails, and answers — honouring the Idempotency-Key.
 */
export async function requestWithdrawal(
  options: RequestWithdrawalOptions,
): Promise<CommandOutcome<TWithdrawalResult>> {
  const { money, clock, authSecret, supportEmail, member, request, idem } = options;
  // A cash-out pause refuses first, with its reason (ADR 048; checked again by nothing later:
  // a pause that commits while this request runs applies from the next request).
  await assertCashoutAllowed(money.db, member.profile.id);
  const now = clock.now();
  const profile = member.profile;
  const [balances, usedToday] = await Promise.all([
    getBalances(money.db, profile.id),
    withdrawnSince(money.db, profile.id, withdrawalDayStart(now)),
  ]);
  // What the page already shows decides before the password is asked for (the command checks
  // it again atomically).
  const problem = withdrawProblem(request, {
    usdt: BigInt(balances.usdt),
    limits: {
      usedToday,
      dailyLimit: dailyWithdrawalLimit(profile.isVerified),
      walletHeldUntil: walletHeldUntil(profile.walletChangedAt, now),
      now,
    },
  });
  if (problem) throw AppError.from(problem);
  if (!request.password && !request.code && !request.passkey) {
    throw new AppError("INVALID_CREDENTIALS", undefined, { field: "password" });
  }
  // A passkey confirms only the withdrawal its challenge was issued for (ADR 074).
  await confirmIdentity(money.db, authSecret, member, request, {
    clock,
    action: {
      kind: "withdrawal",
      amount: request.amount,
      network: request.network,
      walletAddress: request.walletAddress,
    },
  });
  const amount = parseUsdt(request.amount) as bigint;
  const { fee } = withdrawalQuote(request.network, amount);
  const outcome = await WITHDRAW_COMMAND.run<WithdrawRow>(
    money,
    {
      member: member.profile.id,
      ...withoutSecrets(idem, request),
      amount,
      fee,
      network: request.network,
      address: request.walletAddress.trim(),
      now,
      dayStart: withdrawalDayStart(now),
      limitUnverified: WITHDRAWAL.dailyLimitMicroUsdt.unverified,
      limitVerified: WITHDRAWAL.dailyLimitMicroUsdt.verified,
      holdHours: WITHDRAWAL.newAddressHoldHours,
      secondAbove: WITHDRAWAL.secondApprovalAboveMicroUsdt,
      supportEmail,
    },
    { insufficient: insufficientWithdrawal() },
  );
  return {
    ...outcome,
    result: {
      withdrawal: claimJsonToWithdrawal(outcome.result.withdrawal),
      balances: outcome.result.balances,
    },
  };
}

const CANCEL_COMMAND = command("vv_withdraw_cancel", {
  p_member: "uuid",
  p_ip: "text",
  ...IDEMPOTENCY_ARGS,
  p_withdrawal: "uuid",
  p_now: "timestamptz",
});

/** A member's cancel of one of their withdrawals. */
export interface CancelWithdrawalOptions {
  money: Money;
  clock: Clock;
  member: Member;
  ip: string;
  withdrawalId: string;
  idem: Idempotency;
}

/**
 * The member cancels a withdrawal no staff member has taken yet (ADR 054): the command
 * (vv_withdraw_cancel) locks the claim as the staff commands do, refuses once it is taken or
 * decided (CONFLICT_withdrawalNotCancellable), returns the amount from escrow to the USDT
 * balance, marks it CANCELLED, closes its support request and audits it — in one transaction,
 * honouring the Idempotency-Key.
 */
export async function cancelWithdrawal(
  options: CancelWithdrawalOptions,
): Promise<CommandOutcome<TWithdrawalResult>> {
  const { money, clock, member, ip, withdrawalId, idem } = options;
  const outcome = await CANCEL_COMMAND.run<WithdrawRow>(money, {
    member: member.profile.id,
    ip,
    ...idem,
    withdrawal: withdrawalId,
    now: clock.now(),
  });
  return {
    ...outcome,
    result: {
      withdrawal: claimJsonToWithdrawal(outcome.result.withdrawal),
      balances: outcome.result.balances,
    },
  };
}
