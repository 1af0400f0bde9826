import {
  explorerUrl,
  isValidTxHash,
  type Network,
  type TUpdateSupportStatusRequest,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { recordAuditEvent } from "../audit/audit.service";
import type { ChainClient, Chains, PayoutCheck } from "../chain/chain.types";
import type { CommandOutcome, Money } from "../ledger/money-command";
import {
  COMPLETE,
  type DeskActor,
  FAIL,
  RELEASE,
  REQUEST_APPROVAL,
  staffActor,
  TAKE,
  VERIFY,
} from "./payouts.commands";
import { asking, type DeskClaim, mismatchError } from "./payouts.errors";
import { isApproved, keyUsed, payoutStates, writeVerifiedNetworks } from "./payouts.repository";

/**
 * The payout desk (ADR 021–023, 058, 061): what staff do to a withdrawal — take it, hand it back,
 * record or verify its transaction, ask for and give the second approval, fail it. The hot
 * wallet's sends are in payouts-hot-wallet.service.ts, the confirmations job in payouts.job.ts.
 * On a network with a chain client the desk's hash is checked BEFORE any database function runs;
 * a network without one keeps the manual flow (the hash recorded as given).
 */
export interface Payouts {
  chains: Chains;
  /** Daily hot-wallet outflow cap per network, micro-USDT (absent: no sending). */
  caps: Partial<Record<Network, bigint>>;
  /** Crash drills only (NODE_ENV=test): where the process kills itself during a send. */
  crashDrill?: "signed" | "broadcast";
}

/** What every desk action needs: the money object, the clock and the payout configuration. */
export interface PayoutDesk {
  money: Money;
  clock: Clock;
  payouts: Payouts;
}

/** A desk action on one withdrawal: who acts, and the withdrawal (and its member) as the desk read it. */
export type DeskActionOptions = PayoutDesk & DeskActor & { claim: DeskClaim; memberId: string };

/** The network's chain client, or undefined: a manual network. */
export function chainOf(payouts: Payouts, network: Network): ChainClient | undefined {
  return payouts.chains[network];
}

/** The networks with a chain client: what the server verifies on chain. */
export function verifiedNetworks(payouts: Payouts): Network[] {
  return (Object.keys(payouts.chains) as Network[]).filter((n) => payouts.chains[n] !== undefined);
}

/**
 * Tells the database which networks the server verifies (ADR 073), at start: its completion
 * command then refuses to complete one of them by hand, whoever calls it.
 */
export function publishVerifiedNetworks(db: Db, payouts: Payouts): Promise<void> {
  return writeVerifiedNetworks(db, verifiedNetworks(payouts));
}

/** Withdrawals by state and the oldest one confirming (metrics, ADR 058). */
export function payoutBacklog(db: Db) {
  return payoutStates(db);
}

/** The explorer link of a payout: the client's configured template, else the public explorer. */
export function payoutExplorerUrl(payouts: Payouts, network: Network, txHash: string): string {
  return chainOf(payouts, network)?.explorerUrl(txHash) ?? explorerUrl(network, txHash);
}

/** Whether this staff member's Idempotency-Key already ran a command (a retry replays it). */
export function keyAlreadyUsed(db: Db, profileId: string, key: string | null): Promise<boolean> {
  return keyUsed(db, profileId, key);
}

/** Above the four-eyes threshold and not yet approved: an admin approves before it is sent. */
export async function approvalFirst(
  db: Db,
  claim: { id: string; needsSecondApproval: boolean },
): Promise<boolean> {
  return claim.needsSecondApproval && !(await isApproved(db, claim.id));
}

/**
 * The desk's status dropdown on a withdrawal (each a database command that locks the claim):
 * PROCESSING takes it, PENDING hands it back, COMPLETED records the hash — or gives the second
 * approval (see `completeWithdrawal`).
 */
export function setWithdrawalStatus(
  options: DeskActionOptions & { body: TUpdateSupportStatusRequest },
): Promise<CommandOutcome<unknown>> {
  const { money, clock, body } = options;
  const actor = { ...staffActor(options), now: clock.now() };
  if (body.status === "PROCESSING") return TAKE.run(money, actor);
  if (body.status === "PENDING") return RELEASE.run(money, actor);
  return completeWithdrawal({ ...options, txHash: body.txHash?.trim() ?? "" });
}

/**
 * COMPLETED. Above the four-eyes threshold, on every network, an admin approves before anything
 * is sent: without a hash this asks for the approval (ADR 062). A waiting withdrawal on a network
 * with a chain client: the hash is verified on chain and the claim moves to CONFIRMING (the job
 * completes it). On a manual network the hash (checked for the network) is recorded and the
 * withdrawal paid. Awaiting approval: this is the approval (the command checks who gives it).
 */
async function completeWithdrawal(
  options: DeskActionOptions & { txHash: string },
): Promise<CommandOutcome<unknown>> {
  const { money, clock, payouts, claim, txHash, staff, idem } = options;
  // A retry of a completion that ran: the command replays its first answer (the claim has moved
  // on since, so the checks below would answer something else).
  if (await keyUsed(money.db, staff.profile.id, idem.key)) {
    return COMPLETE.run(money, {
      ...staffActor(options),
      txHash: txHash || null,
      now: clock.now(),
    });
  }
  const sent = claim.status === "SENT";
  const client = chainOf(payouts, claim.network);
  // Above the threshold and not approved, on every network: no hash asks for the approval (the
  // command refuses a hash recorded before it, ADR 062).
  if (sent && !txHash && (await approvalFirst(money.db, claim))) {
    return REQUEST_APPROVAL.run(money, { ...staffActor(options), now: clock.now() });
  }
  if (client && sent) {
    if (!txHash)
      throw new AppError("INVALID_TX_HASH", { context: "required" }, { field: "txHash" });
    return verifyPastedHash({ ...options, client });
  }
  if (sent) {
    if (!txHash)
      throw new AppError("INVALID_TX_HASH", { context: "required" }, { field: "txHash" });
    if (!isValidTxHash(claim.network, txHash)) {
      throw new AppError("INVALID_TX_HASH", { network: claim.network }, { field: "txHash" });
    }
  }
  // Awaiting approval: the hash is already recorded; anything else: the command refuses.
  return COMPLETE.run(money, {
    ...staffActor(options),
    txHash: sent ? txHash : null,
    now: clock.now(),
  });
}

/** The audit row of a pasted hash the chain does not confirm: what it shows instead. */
function refusedVerification(
  options: DeskActionOptions & { txHash: string },
  check: PayoutCheck,
): Promise<unknown> {
  const { money, clock, staff, ip, claim, txHash, memberId } = options;
  if (check.ok) throw new Error("not a refusal");
  const actual = check.actual;
  return recordAuditEvent(money.db, {
    actorProfileId: staff.profile.id,
    actorRole: staff.profile.role,
    action: "withdrawal.verify_refused",
    targetProfileId: memberId,
    targetType: "withdrawal",
    targetId: claim.id,
    address: ip,
    createdAt: clock.now(),
    reason: check.reason,
    before: { status: claim.status, amount: claim.amount, currency: "USDT" },
    after: {
      status: claim.status,
      amount: claim.amount,
      currency: "USDT",
      txHash,
      actual: actual
        ? {
            to: actual.to ?? null,
            amount: actual.amountMicroUsdt?.toString() ?? null,
            token: actual.token ?? null,
          }
        : null,
    },
  });
}

/**
 * A pasted hash on a verified network: the chain client checks it against the withdrawal (the
 * member's address, the net amount after the fee) first. A mismatch is audited and refused with
 * what differs, and changes nothing else; a match moves the claim to CONFIRMING
 * (vv_withdraw_verify, which also refuses a hash another withdrawal uses).
 */
async function verifyPastedHash(
  options: DeskActionOptions & { txHash: string; client: ChainClient },
): Promise<CommandOutcome<unknown>> {
  const { money, clock, claim, txHash, client } = options;
  if (claim.status === "SENT" && (await approvalFirst(money.db, claim))) {
    throw new AppError("CONFLICT", { context: "approvalFirst" });
  }
  const check = await asking(claim.network, () =>
    client.verifyPayout(txHash, { to: claim.walletAddress, amountMicroUsdt: BigInt(claim.net) }),
  );
  if (!check.ok) {
    await refusedVerification(options, check);
    throw mismatchError(claim.network, claim, check);
  }
  return VERIFY.run(money, {
    ...staffActor(options),
    txHash: check.txHash,
    block: check.blockNumber,
    confirmations: check.confirmations,
    required: client.requiredConfirmations,
    now: clock.now(),
  });
}

/** Fails a withdrawal with the reason shown to the member: the full amount comes back. */
export function failWithdrawal(
  options: Omit<PayoutDesk, "payouts"> & DeskActor & { reason: string },
): Promise<CommandOutcome<unknown>> {
  const { money, clock, reason } = options;
  return FAIL.run(money, { ...staffActor(options), reason, now: clock.now() });
}
