import { PAYOUTS } from "@viewvault/shared";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import type { ChainClient, PayoutProgress } from "../chain/chain.types";
import { callIn, type Money } from "../ledger/money-command";
import { CONFIRM, GONE_SEEN, PROGRESS, RETURN } from "./payouts.commands";
import {
  confirmingClaims,
  markBroadcast,
  type PayoutSendRow,
  sendsOf,
  unbroadcastSends,
} from "./payouts.repository";
import { chainOf, type Payouts } from "./payouts.service";

/**
 * The confirmations job (ADR 058), for every CONFIRMING claim on a verified network:
 * re-broadcasts recorded sends the chain may not know (a crash after the commit), asks progress()
 * and then — at the required depth completes it (vv_withdraw_confirm: the payout posted exactly
 * once), below it records the confirmations so far, and when the transaction is gone follows a
 * sibling send with the same nonce the chain mined instead, re-broadcasts a dropped hot-wallet
 * send, or returns the claim to the desk with the reason (vv_withdraw_return). Returns the
 * members whose withdrawals changed.
 */
export async function followConfirmingPayouts(
  money: Money,
  clock: Clock,
  payouts: Payouts,
): Promise<string[]> {
  const db = money.db;
  await rebroadcastUnseen(db, clock, payouts);
  const touched = new Set<string>();
  for (const claim of await confirmingClaims(db, 200)) {
    const client = chainOf(payouts, claim.network);
    if (!client || !claim.txHash) continue;
    try {
      const step: FollowStep = { db, now: clock.now(), client, claim, hash: claim.txHash };
      if (await followOne(step)) touched.add(claim.userId);
    } catch {
      // A node that does not answer: the next run asks again.
    }
  }
  const list = [...touched];
  if (list.length) money.afterCommit(list);
  return list;
}

/** Sends recorded but never seen broadcast (a crash after the commit): broadcast them again. */
async function rebroadcastUnseen(db: Db, clock: Clock, payouts: Payouts): Promise<void> {
  for (const send of await unbroadcastSends(db)) {
    const hot = chainOf(payouts, send.network)?.hotWallet;
    if (!hot) continue;
    try {
      await hot.broadcast(send.rawTransaction as `0x${string}`);
      await markBroadcast(db, send.id, clock.now());
    } catch {
      // The next run tries again.
    }
  }
}

/** One confirming claim as the job follows it: its last hash, and the chain that tells. */
interface FollowStep {
  db: Db;
  now: Date;
  client: ChainClient;
  claim: { id: string; confirmations: number | null; goneSince: Date | null };
  hash: string;
}

/** Follows one claim one step; true when its member's withdrawal changed. */
async function followOne(step: FollowStep): Promise<boolean> {
  const { db, now, client, claim, hash } = step;
  // A hot-wallet send's sender and nonce tell REPLACED from DROPPED (ADR 057).
  const sends = await sendsOf(db, claim.id);
  const progress = await client.progress(hash, sentBy(sends, hash));
  if (progress.state === "confirmed") {
    const out = await callIn<{ touched: string[] }>(db, CONFIRM, {
      claim: claim.id,
      txHash: hash,
      confirmations: progress.confirmations,
      explorerUrl: client.explorerUrl(hash),
      now,
    });
    return out.touched.length > 0;
  }
  if (progress.state === "pending") {
    if (progress.confirmations === claim.confirmations && !claim.goneSince) return false;
    const args = { claim: claim.id, txHash: hash, confirmations: progress.confirmations, now };
    return callIn<boolean>(db, PROGRESS, args);
  }
  return followGone(step, sends, progress.reason);
}

/** The sender and nonce of the hot-wallet send with this hash, if it is one. */
function sentBy(sends: PayoutSendRow[], txHash: string) {
  const send = sends.find((s) => s.txHash === txHash.toLowerCase());
  return send ? { from: send.fromAddress, nonce: send.nonce } : undefined;
}

/**
 * The transaction is gone. A hot-wallet send: the same nonce's other transaction may be the one
 * mined, or a dropped one is broadcast again; otherwise the claim goes back to the desk — a
 * dropped one only after the grace period.
 */
async function followGone(
  step: FollowStep,
  sends: PayoutSendRow[],
  reason: Extract<PayoutProgress, { state: "gone" }>["reason"],
): Promise<boolean> {
  const { db, now, client, claim, hash } = step;
  for (const sibling of sends) {
    if (sibling.txHash === hash.toLowerCase()) continue;
    const other = await client.progress(sibling.txHash, sentBy(sends, sibling.txHash));
    if (other.state !== "gone") {
      await callIn(db, PROGRESS, {
        claim: claim.id,
        txHash: sibling.txHash,
        confirmations: other.confirmations,
        now,
      });
      return true;
    }
  }
  const live = sends.find((s) => s.txHash === hash.toLowerCase() && !s.replacedBy);
  if (live && reason === "DROPPED" && client.hotWallet) {
    // Signed and recorded: the same transaction again, never a new one.
    await client.hotWallet.broadcast(live.rawTransaction as `0x${string}`);
    await markBroadcast(db, live.id, now);
    return false;
  }
  if (reason === "DROPPED" && (await withinDroppedGrace(step))) return false;
  const out = await callIn<{ touched: string[] }>(db, RETURN, {
    claim: claim.id,
    txHash: hash,
    reason,
    now,
  });
  return out.touched.length > 0;
}

/**
 * Unknown to the node: back to the desk only once it stayed unknown for the grace period (a
 * load-balanced node can miss a pending transaction for a while; a claim returned too early
 * could be paid twice).
 */
async function withinDroppedGrace({ db, now, claim, hash }: FollowStep): Promise<boolean> {
  const seen = await callIn<string | Date | null>(db, GONE_SEEN, {
    claim: claim.id,
    txHash: hash,
    now,
  });
  const since = seen ? new Date(seen) : now;
  return now.getTime() - since.getTime() < PAYOUTS.droppedGraceMinutes * 60_000;
}
