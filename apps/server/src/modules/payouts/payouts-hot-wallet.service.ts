import { NETWORKS, type TPayoutNetwork, withdrawalDayStart } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { HotWallet } from "../chain/chain.types";
import { type CommandOutcome, callIn, committed } from "../ledger/money-command";
import { NONCE, REPLACE, SEND, staffActor } from "./payouts.commands";
import { asking, hotWalletOf, hotWalletShort } from "./payouts.errors";
import { keyUsed, liveSendOf, markBroadcast, sentToday } from "./payouts.repository";
import { chainOf, type DeskActionOptions, type PayoutDesk, type Payouts } from "./payouts.service";

/** Gas a USDT transfer may use at most (a token transfer uses ~35–65k). */
const TRANSFER_GAS = 100_000n;

/** A crash drill's kill point (test:ops): nothing after it runs, as after a power cut. */
function crashPoint(payouts: Payouts, at: "signed" | "broadcast"): void {
  if (payouts.crashDrill === at) process.kill(process.pid, "SIGKILL");
}

/**
 * One click on the desk: the hot wallet pays an approved, taken withdrawal. Crash-safe (ADR 058):
 * in ONE transaction the network's nonce row is locked (vv_payout_nonce), the transfer is signed
 * locally, and vv_payout_send checks the claim and the daily cap, records the signed transaction
 * and moves the claim to CONFIRMING; only after the commit is it broadcast. A crash before the
 * commit leaves nothing (nothing was broadcast); after it, the job re-broadcasts the SAME signed
 * transaction; a second click finds the claim CONFIRMING. The key never leaves the chain client.
 */
export async function sendFromHotWallet(
  options: DeskActionOptions,
): Promise<CommandOutcome<unknown>> {
  const { money, clock, payouts, staff, idem, claim } = options;
  const network = claim.network;
  const client = chainOf(payouts, network);
  const hot = hotWalletOf(client, network);
  // What the command refuses anyway, refused before anything is signed (a retry of a send that
  // ran goes on to the command, which replays its answer).
  if (claim.status !== "SENT" && !(await keyUsed(money.db, staff.profile.id, idem.key))) {
    throw new AppError("CONFLICT", { context: "withdrawalState", status: claim.status });
  }
  const net = BigInt(claim.net);
  const [balances, chainNonce] = await asking(network, () =>
    Promise.all([hot.balances(), hot.pendingNonce()]),
  );
  if (balances.tokenMicroUsdt < net) throw hotWalletShort(balances.tokenMicroUsdt, net);
  const now = clock.now();
  const dayStart = withdrawalDayStart(now);
  const outcome = await money.db.transaction(async (tx) => {
    const locked = await callIn<{ nonce: number }>(tx, NONCE, {
      network,
      address: hot.address,
      chainNonce,
      dayStart,
    });
    const prepared = await asking(network, () =>
      hot.prepareTransfer({ to: claim.walletAddress, amountMicroUsdt: net, nonce: locked.nonce }),
    );
    if (balances.gasWei < prepared.maxFeePerGas * TRANSFER_GAS) {
      throw new AppError("HOT_WALLET_SHORT", { context: "gas" });
    }
    return callIn<CommandOutcome<unknown>>(tx, SEND, {
      ...staffActor(options),
      from: hot.address,
      nonce: prepared.nonce,
      raw: prepared.rawTransaction,
      txHash: prepared.txHash,
      maxFee: prepared.maxFeePerGas.toString(),
      maxPriorityFee: prepared.maxPriorityFeePerGas.toString(),
      cap: payouts.caps[network] ?? 0n,
      dayStart,
      required: client?.requiredConfirmations ?? 1,
      now,
    });
  });
  crashPoint(payouts, "signed");
  if (!outcome.replayed) await broadcastLive(options, hot);
  return committed(money, SEND, outcome);
}

/** Broadcasts the claim's live send; a failure is left to the job (it re-broadcasts). */
async function broadcastLive(options: DeskActionOptions, hot: HotWallet): Promise<void> {
  const { money, clock, payouts, claim } = options;
  const send = await liveSendOf(money.db, claim.id);
  if (!send) return;
  try {
    await hot.broadcast(send.rawTransaction as `0x${string}`);
    crashPoint(payouts, "broadcast");
    await markBroadcast(money.db, send.id, clock.now());
  } catch {
    // Recorded and signed: the confirmations job broadcasts it again.
  }
}

/**
 * Replace (speed up) a stuck hot-wallet send: the same nonce, fees 25 % higher than the stuck
 * one's (or the node's estimate when that is higher); recorded before its broadcast, like a send.
 */
export async function replaceStuckSend(
  options: DeskActionOptions,
): Promise<CommandOutcome<unknown>> {
  const { money, clock, payouts, claim } = options;
  const network = claim.network;
  const hot = hotWalletOf(chainOf(payouts, network), network);
  const old = await liveSendOf(money.db, claim.id);
  if (!old || claim.status !== "CONFIRMING" || (claim.confirmations ?? 0) > 0) {
    throw new AppError("CONFLICT", { context: "notReplaceable" });
  }
  const bump = (v: string) => (BigInt(v) * 125n) / 100n + 1n;
  const prepared = await asking(network, () =>
    hot.prepareTransfer({
      to: claim.walletAddress,
      amountMicroUsdt: BigInt(old.amountUsdt),
      nonce: old.nonce,
      fees: {
        maxFeePerGas: bump(old.maxFeePerGas),
        maxPriorityFeePerGas: bump(old.maxPriorityFeePerGas),
      },
    }),
  );
  const outcome = await callIn<CommandOutcome<unknown>>(money.db, REPLACE, {
    ...staffActor(options),
    oldSend: old.id,
    raw: prepared.rawTransaction,
    txHash: prepared.txHash,
    maxFee: prepared.maxFeePerGas.toString(),
    maxPriorityFee: prepared.maxPriorityFeePerGas.toString(),
    now: clock.now(),
  });
  if (!outcome.replayed) await broadcastLive(options, hot);
  return committed(money, REPLACE, outcome);
}

/** A verified network's hot wallet as the desk sees it: balances, today's cap and what is left. */
async function hotWalletView(
  db: Db,
  payouts: Payouts,
  hot: HotWallet,
  network: TPayoutNetwork["network"],
  dayStart: Date,
): Promise<TPayoutNetwork["hotWallet"]> {
  const cap = payouts.caps[network] ?? 0n;
  const [balances, used] = await Promise.all([
    hot.balances().catch(() => null),
    sentToday(db, network, dayStart),
  ]);
  return {
    address: hot.address,
    tokenMicroUsdt: balances?.tokenMicroUsdt.toString() ?? null,
    gasWei: balances?.gasWei.toString() ?? null,
    capMicroUsdt: cap.toString(),
    sentTodayMicroUsdt: used.toString(),
    remainingMicroUsdt: (cap > used ? cap - used : 0n).toString(),
  };
}

/** The desk's view of each network: verified or manual, and the hot wallet when one is set. */
export async function payoutNetworks({
  money,
  clock,
  payouts,
}: PayoutDesk): Promise<TPayoutNetwork[]> {
  const dayStart = withdrawalDayStart(clock.now());
  return Promise.all(
    NETWORKS.map(async (network): Promise<TPayoutNetwork> => {
      const client = chainOf(payouts, network);
      if (!client)
        return { network, verified: false, requiredConfirmations: null, hotWallet: null };
      return {
        network,
        verified: true,
        requiredConfirmations: client.requiredConfirmations,
        hotWallet: client.hotWallet
          ? await hotWalletView(money.db, payouts, client.hotWallet, network, dayStart)
          : null,
      };
    }),
  );
}
