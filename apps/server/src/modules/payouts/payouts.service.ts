import {
  explorerUrl,
  NETWORKS,
  type Network,
  PAYOUTS,
  type TPayoutNetwork,
  type TSupportRequest,
  withdrawalDayStart,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { recordAuditEvent } from "../audit/audit.service";
import type { ChainClient, Chains, HotWallet, PayoutCheck } from "../chain/chain.types";
import type { Idempotency } from "../idempotency/idempotency";
import { refusalOf } from "../ledger/ledger.service";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import {
  confirmingClaims,
  isApproved,
  keyUsed,
  liveSendOf,
  markBroadcast,
  payoutStates,
  sendsOf,
  sentToday,
  unbroadcastSends,
} from "./payouts.repository";

/**
 * Payouts the chain confirms (issue 25, ADR 058). The desk's hash is checked by the network's
 * chain client BEFORE any database function runs; a verified hash (pasted, or sent from the hot
 * wallet) moves the claim to CONFIRMING; the job follows it to COMPLETED (the one payout posting)
 * or back to the desk. A network without a client keeps the manual flow (support.service).
 */
export interface Payouts {
  chains: Chains;
  /** Daily hot-wallet outflow cap per network, micro-USDT (absent: no sending). */
  caps: Partial<Record<Network, bigint>>;
  /** Crash drills only (NODE_ENV=test): where the process kills itself during a send. */
  crashDrill?: "signed" | "broadcast";
}

/** A crash drill's kill point (test:ops): nothing after it runs, as after a power cut. */
function crashPoint(payouts: Payouts, at: "signed" | "broadcast"): void {
  if (payouts.crashDrill === at) process.kill(process.pid, "SIGKILL");
}

/** A withdrawal as the desk reads it (the support request's claim). */
type DeskClaim = NonNullable<TSupportRequest["withdrawal"]>;

/** Gas a USDT transfer may use at most (a token transfer uses ~35–65k). */
const TRANSFER_GAS = 100_000n;

const ACTOR = {
  p_staff: "uuid",
  p_role: "text",
  p_ip: "text",
  ...IDEMPOTENCY_ARGS,
  p_request: "uuid",
} as const;
const REQUEST_APPROVAL = command(
  "vv_withdraw_request_approval",
  { ...ACTOR, p_now: "timestamptz" },
  { posts: false },
);
const VERIFY = command(
  "vv_withdraw_verify",
  {
    ...ACTOR,
    p_tx_hash: "text",
    p_block: "bigint?",
    p_confirmations: "int",
    p_required: "int",
    p_now: "timestamptz",
  },
  { posts: false },
);
const NONCE = functionCall(
  "vv_payout_nonce",
  { p_network: "text", p_address: "text", p_chain_nonce: "int", p_day_start: "timestamptz" },
  "jsonb",
);
const SEND = functionCall(
  "vv_payout_send",
  {
    ...ACTOR,
    p_from: "text",
    p_nonce: "int",
    p_raw: "text",
    p_tx_hash: "text",
    p_max_fee: "text",
    p_max_priority_fee: "text",
    p_cap: "bigint",
    p_day_start: "timestamptz",
    p_required: "int",
    p_now: "timestamptz",
  },
  "jsonb",
);
const REPLACE = functionCall(
  "vv_payout_replace",
  {
    ...ACTOR,
    p_old_send: "uuid",
    p_raw: "text",
    p_tx_hash: "text",
    p_max_fee: "text",
    p_max_priority_fee: "text",
    p_now: "timestamptz",
  },
  "jsonb",
);
const PROGRESS = functionCall(
  "vv_withdraw_progress",
  { p_claim: "uuid", p_tx_hash: "text", p_confirmations: "int", p_now: "timestamptz" },
  "boolean",
);
const CONFIRM = functionCall(
  "vv_withdraw_confirm",
  {
    p_claim: "uuid",
    p_tx_hash: "text",
    p_confirmations: "int",
    p_explorer_url: "text",
    p_now: "timestamptz",
  },
  "jsonb",
);
const GONE_SEEN = functionCall(
  "vv_withdraw_gone_seen",
  { p_claim: "uuid", p_tx_hash: "text", p_now: "timestamptz" },
  "timestamptz",
);
const RETURN = functionCall(
  "vv_withdraw_return",
  { p_claim: "uuid", p_tx_hash: "text", p_reason: "text", p_now: "timestamptz" },
  "jsonb",
);

/** micro-USDT as the catalogue's messages show it ("98", "40.5"), like vv_usdt_text. */
function usdtText(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const frac = (micro % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole.toString();
}

/** The network's chain client, or undefined: a manual network. */
export function chainOf(payouts: Payouts, network: Network): ChainClient | undefined {
  return payouts.chains[network];
}

/** Withdrawals by state and the oldest one confirming (metrics, ADR 058). */
export function payoutBacklog(db: Db) {
  return payoutStates(db);
}

/** The explorer link of a payout: the client's configured template, else the public explorer. */
export function payoutExplorerUrl(payouts: Payouts, network: Network, txHash: string): string {
  return chainOf(payouts, network)?.explorerUrl(txHash) ?? explorerUrl(network, txHash);
}

function actorOf(staff: Member, ip: string, idem: Idempotency, requestId: string) {
  return { staff: staff.profile.id, role: staff.profile.role, ip, ...idem, request: requestId };
}

/** A node that does not answer changes nothing: 503, try again. */
async function asking<T>(network: Network, question: () => Promise<T>): Promise<T> {
  try {
    return await question();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("SERVICE_UNAVAILABLE", { context: "chain", network });
  }
}

/** A token amount in its own units as a decimal ("1.000000000000000001"): dust is shown, not rounded. */
function unitsText(raw: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  const frac = (raw % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  return frac ? `${raw / scale}.${frac}` : (raw / scale).toString();
}

/** What the chain sent, as the message shows it (micro-USDT, or the exact token units). */
function actualAmountText(actual: NonNullable<Extract<PayoutCheck, { ok: false }>["actual"]>) {
  if (actual.amountMicroUsdt !== undefined) return usdtText(actual.amountMicroUsdt);
  if (actual.amountRaw !== undefined && actual.decimals !== undefined)
    return unitsText(actual.amountRaw, actual.decimals);
  return undefined;
}

/** A mismatch as its own message: what the chain shows against what the withdrawal pays. */
function mismatchError(network: Network, claim: DeskClaim, check: PayoutCheck): AppError {
  if (check.ok) throw new Error("not a mismatch");
  return new AppError(
    "PAYOUT_MISMATCH",
    {
      context: check.reason,
      network,
      expectedTo: claim.walletAddress,
      expectedAmount: usdtText(BigInt(claim.net)),
      ...(check.actual?.to ? { actualTo: check.actual.to } : {}),
      ...(check.actual && actualAmountText(check.actual) !== undefined
        ? { actualAmount: actualAmountText(check.actual) }
        : {}),
      ...(check.actual?.token ? { token: check.actual.token } : {}),
    },
    { field: "txHash" },
  );
}

/**
 * Above the four-eyes threshold on a verified network, the staff member who took it asks an
 * admin's approval first (AWAITING_APPROVAL, no hash); the approval returns it to them to send.
 */
export function requestApproval(
  money: Money,
  clock: Clock,
  staff: Member,
  ip: string,
  requestId: string,
  idem: Idempotency,
): Promise<CommandOutcome<unknown>> {
  return REQUEST_APPROVAL.run(money, { ...actorOf(staff, ip, idem, requestId), now: clock.now() });
}

/**
 * A pasted hash on a verified network: the chain client checks it against the withdrawal (the
 * member's address, the net amount after the fee) first. A mismatch is audited and refused with
 * what differs, and changes nothing else; a match moves the claim to CONFIRMING
 * (vv_withdraw_verify, which also refuses a hash another withdrawal uses).
 */
export async function verifyPastedHash(
  money: Money,
  clock: Clock,
  client: ChainClient,
  staff: Member,
  ip: string,
  request: TSupportRequest,
  claim: DeskClaim,
  txHash: string,
  idem: Idempotency,
): Promise<CommandOutcome<unknown>> {
  if (claim.status === "SENT" && (await approvalFirst(money.db, claim))) {
    throw new AppError("CONFLICT", { context: "approvalFirst" });
  }
  const check = await asking(claim.network, () =>
    client.verifyPayout(txHash, { to: claim.walletAddress, amountMicroUsdt: BigInt(claim.net) }),
  );
  const now = clock.now();
  if (!check.ok) {
    await recordAuditEvent(money.db, {
      actorProfileId: staff.profile.id,
      actorRole: staff.profile.role,
      action: "withdrawal.verify_refused",
      targetProfileId: request.userId,
      targetType: "withdrawal",
      targetId: claim.id,
      address: ip,
      createdAt: now,
      reason: check.reason,
      before: { status: claim.status, amount: claim.amount, currency: "USDT" },
      after: {
        status: claim.status,
        amount: claim.amount,
        currency: "USDT",
        txHash,
        actual: check.actual
          ? {
              to: check.actual.to ?? null,
              amount: check.actual.amountMicroUsdt?.toString() ?? null,
              token: check.actual.token ?? null,
            }
          : null,
      },
    });
    throw mismatchError(claim.network, claim, check);
  }
  return VERIFY.run(money, {
    ...actorOf(staff, ip, idem, request.id),
    txHash: check.txHash,
    block: check.blockNumber,
    confirmations: check.confirmations,
    required: client.requiredConfirmations,
    now,
  });
}

/** Above the four-eyes threshold and not yet approved: an admin approves before it is sent. */
export async function approvalFirst(
  db: Db,
  claim: { id: string; needsSecondApproval: boolean },
): Promise<boolean> {
  return claim.needsSecondApproval && !(await isApproved(db, claim.id));
}

function hotWalletOf(client: ChainClient | undefined, network: Network): HotWallet {
  if (!client?.hotWallet) throw new AppError("CONFLICT", { context: "noHotWallet", network });
  return client.hotWallet;
}

/** Runs one database function in the caller's transaction, its refusals as AppErrors. */
async function outcomeOf<T>(run: () => Promise<Array<{ outcome: T }>>): Promise<T> {
  try {
    const [row] = await run();
    if (!row) throw new Error("payout command answered nothing");
    return row.outcome;
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
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
  money: Money,
  clock: Clock,
  payouts: Payouts,
  staff: Member,
  ip: string,
  request: TSupportRequest,
  claim: DeskClaim,
  idem: Idempotency,
): Promise<CommandOutcome<unknown>> {
  const network = claim.network;
  const client = chainOf(payouts, network);
  const hot = hotWalletOf(client, network);
  // What the command refuses anyway, refused before anything is signed (a retry of a send that
  // ran goes on to the command, which replays its answer).
  if (claim.status !== "SENT" && !(await keyUsed(money.db, staff.profile.id, idem.key))) {
    throw new AppError("CONFLICT", { context: "withdrawalState", status: claim.status });
  }
  const cap = payouts.caps[network] ?? 0n;
  const net = BigInt(claim.net);
  const [balances, chainNonce] = await asking(network, () =>
    Promise.all([hot.balances(), hot.pendingNonce()]),
  );
  if (balances.tokenMicroUsdt < net) {
    throw new AppError("HOT_WALLET_SHORT", {
      context: "token",
      balance: usdtText(balances.tokenMicroUsdt),
      needed: usdtText(net),
    });
  }
  const now = clock.now();
  const dayStart = withdrawalDayStart(now);
  const actor = actorOf(staff, ip, idem, request.id);
  const outcome = await money.db.transaction(async (tx) => {
    const locked = await outcomeOf(() =>
      queryRows<{ outcome: { nonce: number } }>(
        tx,
        callSql(NONCE, { network, address: hot.address, chainNonce, dayStart }),
      ),
    );
    const prepared = await asking(network, () =>
      hot.prepareTransfer({ to: claim.walletAddress, amountMicroUsdt: net, nonce: locked.nonce }),
    );
    if (balances.gasWei < prepared.maxFeePerGas * TRANSFER_GAS) {
      throw new AppError("HOT_WALLET_SHORT", { context: "gas" });
    }
    return outcomeOf(() =>
      queryRows<{ outcome: CommandOutcome<unknown> & { touched?: string[] } }>(
        tx,
        callSql(SEND, {
          ...actor,
          from: hot.address,
          nonce: prepared.nonce,
          raw: prepared.rawTransaction,
          txHash: prepared.txHash,
          maxFee: prepared.maxFeePerGas.toString(),
          maxPriorityFee: prepared.maxPriorityFeePerGas.toString(),
          cap,
          dayStart,
          required: client?.requiredConfirmations ?? 1,
          now,
        }),
      ),
    );
  });
  crashPoint(payouts, "signed");
  if (!outcome.replayed) await broadcastLive(money.db, clock, hot, claim.id, payouts);
  return finish(money, outcome);
}

/** Tells the others that money moved (live updates) once a command committed. */
function finish(money: Money, outcome: CommandOutcome<unknown>): CommandOutcome<unknown> {
  const touched = outcome.replayed ? [] : (outcome.touched ?? []);
  if (touched.length) money.afterCommit(touched);
  return { ...outcome, touched };
}

/** Broadcasts the claim's live send; a failure is left to the job (it re-broadcasts). */
async function broadcastLive(
  db: Db,
  clock: Clock,
  hot: HotWallet,
  claimId: string,
  payouts: Payouts,
) {
  const send = await liveSendOf(db, claimId);
  if (!send) return;
  try {
    await hot.broadcast(send.rawTransaction as `0x${string}`);
    crashPoint(payouts, "broadcast");
    await markBroadcast(db, send.id, clock.now());
  } catch {
    // Recorded and signed: the confirmations job broadcasts it again.
  }
}

/**
 * Replace (speed up) a stuck hot-wallet send: the same nonce, fees 25 % higher than the stuck
 * one's (or the node's estimate when that is higher); recorded before its broadcast, like a send.
 */
export async function replaceStuckSend(
  money: Money,
  clock: Clock,
  payouts: Payouts,
  staff: Member,
  ip: string,
  request: TSupportRequest,
  claim: DeskClaim,
  idem: Idempotency,
): Promise<CommandOutcome<unknown>> {
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
  const outcome = await outcomeOf(() =>
    queryRows<{ outcome: CommandOutcome<unknown> }>(
      money.db,
      callSql(REPLACE, {
        ...actorOf(staff, ip, idem, request.id),
        oldSend: old.id,
        raw: prepared.rawTransaction,
        txHash: prepared.txHash,
        maxFee: prepared.maxFeePerGas.toString(),
        maxPriorityFee: prepared.maxPriorityFeePerGas.toString(),
        now: clock.now(),
      }),
    ),
  );
  if (!outcome.replayed) await broadcastLive(money.db, clock, hot, claim.id, payouts);
  return finish(money, outcome);
}

/** The desk's view of each network: verified or manual, and the hot wallet when one is set. */
export async function payoutNetworks(
  db: Db,
  clock: Clock,
  payouts: Payouts,
): Promise<TPayoutNetwork[]> {
  const dayStart = withdrawalDayStart(clock.now());
  return Promise.all(
    NETWORKS.map(async (network): Promise<TPayoutNetwork> => {
      const client = chainOf(payouts, network);
      if (!client)
        return { network, verified: false, requiredConfirmations: null, hotWallet: null };
      const hot = client.hotWallet;
      if (!hot) {
        return {
          network,
          verified: true,
          requiredConfirmations: client.requiredConfirmations,
          hotWallet: null,
        };
      }
      const cap = payouts.caps[network] ?? 0n;
      const [balances, used] = await Promise.all([
        hot.balances().catch(() => null),
        sentToday(db, network, dayStart),
      ]);
      return {
        network,
        verified: true,
        requiredConfirmations: client.requiredConfirmations,
        hotWallet: {
          address: hot.address,
          tokenMicroUsdt: balances?.tokenMicroUsdt.toString() ?? null,
          gasWei: balances?.gasWei.toString() ?? null,
          capMicroUsdt: cap.toString(),
          sentTodayMicroUsdt: used.toString(),
          remainingMicroUsdt: (cap > used ? cap - used : 0n).toString(),
        },
      };
    }),
  );
}

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
  const touched = new Set<string>();
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
  for (const claim of await confirmingClaims(db, 200)) {
    const client = chainOf(payouts, claim.network);
    if (!client || !claim.txHash) continue;
    try {
      const result = await followOne(db, clock, client, claim);
      if (result) touched.add(claim.userId);
    } catch {
      // A node that does not answer: the next run asks again.
    }
  }
  const list = [...touched];
  if (list.length) money.afterCommit(list);
  return list;
}

async function followOne(
  db: Db,
  clock: Clock,
  client: ChainClient,
  claim: {
    id: string;
    txHash: string | null;
    confirmations: number | null;
    goneSince: Date | null;
  },
): Promise<boolean> {
  const hash = claim.txHash as string;
  const now = clock.now();
  // A hot-wallet send's sender and nonce tell REPLACED from DROPPED (ADR 057).
  const sends = await sendsOf(db, claim.id);
  const sentBy = (txHash: string) => {
    const send = sends.find((s) => s.txHash === txHash.toLowerCase());
    return send ? { from: send.fromAddress, nonce: send.nonce } : undefined;
  };
  const progress = await client.progress(hash, sentBy(hash));
  if (progress.state === "confirmed") {
    const out = await outcomeOf(() =>
      queryRows<{ outcome: { touched: string[] } }>(
        db,
        callSql(CONFIRM, {
          claim: claim.id,
          txHash: hash,
          confirmations: progress.confirmations,
          explorerUrl: client.explorerUrl(hash),
          now,
        }),
      ),
    );
    return out.touched.length > 0;
  }
  if (progress.state === "pending") {
    if (progress.confirmations === claim.confirmations && !claim.goneSince) return false;
    const [row] = await queryRows<{ outcome: boolean }>(
      db,
      callSql(PROGRESS, {
        claim: claim.id,
        txHash: hash,
        confirmations: progress.confirmations,
        now,
      }),
    );
    return row?.outcome ?? false;
  }
  // Gone. A hot-wallet send: the same nonce's other transaction may be the one mined.
  for (const sibling of sends) {
    if (sibling.txHash === hash.toLowerCase()) continue;
    const other = await client.progress(sibling.txHash, sentBy(sibling.txHash));
    if (other.state !== "gone") {
      await queryRows(
        db,
        callSql(PROGRESS, {
          claim: claim.id,
          txHash: sibling.txHash,
          confirmations: other.confirmations,
          now,
        }),
      );
      return true;
    }
  }
  const live = sends.find((s) => s.txHash === hash.toLowerCase() && !s.replacedBy);
  if (live && progress.reason === "DROPPED" && client.hotWallet) {
    // Signed and recorded: the same transaction again, never a new one.
    await client.hotWallet.broadcast(live.rawTransaction as `0x${string}`);
    await markBroadcast(db, live.id, now);
    return false;
  }
  if (progress.reason === "DROPPED") {
    // Unknown to the node: back to the desk only once it stayed unknown for the grace period
    // (a load-balanced node can miss a pending transaction for a while; a claim returned too
    // early could be paid twice).
    const [row] = await queryRows<{ outcome: string | Date | null }>(
      db,
      callSql(GONE_SEEN, { claim: claim.id, txHash: hash, now }),
    );
    const since = row?.outcome ? new Date(row.outcome) : now;
    if (now.getTime() - since.getTime() < PAYOUTS.droppedGraceMinutes * 60_000) return false;
  }
  const out = await outcomeOf(() =>
    queryRows<{ outcome: { touched: string[] } }>(
      db,
      callSql(RETURN, { claim: claim.id, txHash: hash, reason: progress.reason, now }),
    ),
  );
  return out.touched.length > 0;
}
