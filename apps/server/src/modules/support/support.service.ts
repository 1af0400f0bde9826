import {
  isValidTxHash,
  type Network,
  SUPPORT_DESK,
  type TCreateSupportRequest,
  type TSupportListQuery,
  type TSupportPage,
  type TSupportRequest,
  type TSupportThread,
  type TSupportUnlock,
  type TUpdateSupportStatusRequest,
} from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { recordAuditEvent } from "../audit/audit.service";
import type { Idempotency } from "../idempotency/idempotency";
import { passwordMatches } from "../identity/identity.service";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";
import { notifyMember } from "../notifications/notifications.service";
import {
  approvalFirst,
  chainOf,
  type Payouts,
  replaceStuckSend,
  requestApproval,
  sendFromHotWallet,
  verifyPastedHash,
} from "../withdrawals/payouts.service";
import { toWithdrawal } from "../withdrawals/withdrawals.mapper";
import {
  countSupportRequests,
  findSupportRequest,
  insertMessage,
  insertSupportRequest,
  listSupportRequests,
  messagesOf,
  requestOwner,
  type SupportFilter,
  saveUnlock,
  unlockedUntil,
} from "./support.repository";

type Row = Awaited<ReturnType<typeof listSupportRequests>>[number];

function toSupportRequest({
  request,
  claim,
  processedBy,
  pauseReason,
  pausedAt,
}: Row): TSupportRequest {
  return {
    id: request.id,
    userId: request.userId,
    username: request.username,
    requestType: request.requestType,
    amountUsdt: request.amountUsdt?.toString() ?? null,
    network: request.network,
    walletAddress: request.walletAddress,
    status: request.status,
    message: request.message,
    withdrawal: claim ? { ...toWithdrawal(claim), processedBy: processedBy ?? null } : null,
    appeal: pauseReason && pausedAt ? { pauseReason, pausedAt: pausedAt.toISOString() } : null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
  };
}

async function page(db: Db, filter: SupportFilter, pageNumber: number): Promise<TSupportPage> {
  const size = SUPPORT_DESK.pageSize;
  const [rows, total] = await Promise.all([
    listSupportRequests(db, filter, { limit: size, offset: (pageNumber - 1) * size }),
    countSupportRequests(db, filter),
  ]);
  return { requests: rows.map(toSupportRequest), page: pageNumber, pageSize: size, total };
}

/** A member's own requests (withdrawals included), newest first. */
export function listOwnRequests(db: Db, member: Member, pageNumber: number): Promise<TSupportPage> {
  return page(db, { userId: member.profile.id }, pageNumber);
}

/** One of the member's own requests; another member's is "not found". */
export async function getOwnRequest(db: Db, member: Member, id: string): Promise<TSupportRequest> {
  const [row] = await listSupportRequests(
    db,
    { id, userId: member.profile.id },
    { limit: 1, offset: 0 },
  );
  if (!row) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  return toSupportRequest(row);
}

export async function openSupportRequest(
  db: Db,
  clock: Clock,
  member: Member,
  request: TCreateSupportRequest,
): Promise<TSupportPage> {
  const now = clock.now();
  await insertSupportRequest(db, {
    userId: member.profile.id,
    username: member.profile.username,
    requestType: request.requestType,
    message: request.message,
    createdAt: now,
    updatedAt: now,
  });
  return listOwnRequests(db, member, 1);
}

// ── The staff desk ──────────────────────────────────────────────────────────────────────────

/** The seeds' gate, checked by the server: the staff member's own password, for this session. */
export async function unlockDesk(
  db: Db,
  clock: Clock,
  staff: Member,
  password: string,
  ip: string,
): Promise<TSupportUnlock> {
  const ok = await passwordMatches(db, staff.userId, password);
  const now = clock.now();
  const until = new Date(now.getTime() + SUPPORT_DESK.unlockMinutes * 60_000);
  const prior = await unlockedUntil(db, staff.sessionId, staff.profile.id, now);
  const was = { unlockedUntil: prior?.toISOString() ?? null };
  await db.transaction(async (tx) => {
    if (ok) await saveUnlock(tx, staff.sessionId, staff.profile.id, until);
    await recordAuditEvent(tx, {
      actorProfileId: staff.profile.id,
      actorRole: staff.profile.role,
      action: ok ? "support.unlock" : "support.unlock_denied",
      targetProfileId: null,
      targetType: "support_desk",
      address: ip,
      createdAt: now,
      before: was,
      after: ok ? { unlockedUntil: until.toISOString() } : was,
    });
  });
  if (!ok)
    throw new AppError("INVALID_CREDENTIALS", { context: "supportGate" }, { field: "password" });
  return { unlockedUntil: until.toISOString() };
}

export async function deskUnlock(db: Db, clock: Clock, staff: Member): Promise<TSupportUnlock> {
  const until = await unlockedUntil(db, staff.sessionId, staff.profile.id, clock.now());
  return { unlockedUntil: until?.toISOString() ?? null };
}

/** Staff routes past the gate: the desk must be unlocked for this session (stored server-side). */
export async function requireUnlocked(db: Db, clock: Clock, staff: Member): Promise<void> {
  const until = await unlockedUntil(db, staff.sessionId, staff.profile.id, clock.now());
  if (!until) throw new AppError("SUPPORT_DESK_LOCKED");
}

export function listDeskRequests(db: Db, query: TSupportListQuery): Promise<TSupportPage> {
  return page(db, { status: query.status, type: query.type, member: query.member }, query.page);
}

/** Every staff command starts with who acts (profile, role, address) and the Idempotency-Key. */
const ACTOR = {
  p_staff: "uuid",
  p_role: "text",
  p_ip: "text",
  ...IDEMPOTENCY_ARGS,
  p_request: "uuid",
} as const;
const NOW = { p_now: "timestamptz" } as const;
const TAKE = command("vv_withdraw_take", { ...ACTOR, ...NOW }, { posts: false });
const RELEASE = command("vv_withdraw_release", { ...ACTOR, ...NOW }, { posts: false });
const COMPLETE = command("vv_withdraw_complete", { ...ACTOR, p_tx_hash: "text?", ...NOW });
const FAIL = command("vv_withdraw_fail", { ...ACTOR, p_reason: "text", ...NOW });
const SET_STATUS = command(
  "vv_support_set_status",
  { ...ACTOR, p_status: "text", ...NOW },
  { posts: false },
);

function actorOf(staff: Member, ip: string, idem: Idempotency, requestId: string) {
  return { staff: staff.profile.id, role: staff.profile.role, ip, ...idem, request: requestId };
}

async function oneRequest(db: Db, id: string): Promise<TSupportRequest> {
  const [row] = await listSupportRequests(db, { id }, { limit: 1, offset: 0 });
  if (!row) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  return toSupportRequest(row);
}

/** Requests (with their withdrawal and processor) for the admin console, newest first. */
export async function staffRequests(
  db: Db,
  filter: SupportFilter,
  limit: number,
): Promise<TSupportRequest[]> {
  return (await listSupportRequests(db, filter, { limit, offset: 0 })).map(toSupportRequest);
}

/**
 * The desk's status dropdown. A withdrawal's request drives its claim (each a database command
 * that locks the claim): PROCESSING takes it, PENDING hands it back, COMPLETED records the hash
 * (checked for the network) and pays it — or waits for, and then is, an admin's second approval.
 * On a network with a chain client (ADR 058) COMPLETED instead verifies the hash on chain and
 * moves the claim to CONFIRMING (the job completes it); above the threshold, without a hash, it
 * asks an admin's approval first. Any other request's status is set freely. Every change is
 * audited in the same transaction.
 */
export async function setRequestStatus(
  money: Money,
  clock: Clock,
  staff: Member,
  ip: string,
  requestId: string,
  body: TUpdateSupportStatusRequest,
  idem: Idempotency,
  payouts: Payouts = { chains: {}, caps: {} },
): Promise<{ request: TSupportRequest; replayed: boolean }> {
  const found = await findSupportRequest(money.db, requestId);
  if (!found) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  const actor = actorOf(staff, ip, idem, requestId);
  const now = clock.now();
  let outcome: CommandOutcome<unknown>;
  if (!found.withdrawalId) {
    outcome = await SET_STATUS.run(money, { ...actor, status: body.status, now });
  } else if (body.status === "PROCESSING") {
    outcome = await TAKE.run(money, { ...actor, now });
  } else if (body.status === "PENDING") {
    outcome = await RELEASE.run(money, { ...actor, now });
  } else {
    const current = await oneRequest(money.db, requestId);
    const claim = current.withdrawal;
    const sent = claim?.status === "SENT";
    const hash = body.txHash?.trim() ?? "";
    const client = claim ? chainOf(payouts, claim.network as Network) : undefined;
    if (claim && client && sent) {
      // A verified network: above the threshold and not approved, no hash asks for the approval.
      if (!hash && (await approvalFirst(money.db, claim))) {
        outcome = await requestApproval(money, clock, staff, ip, requestId, idem);
      } else if (!hash) {
        throw new AppError("INVALID_TX_HASH", { context: "required" }, { field: "txHash" });
      } else {
        outcome = await verifyPastedHash(
          money,
          clock,
          client,
          staff,
          ip,
          current,
          claim,
          hash,
          idem,
        );
      }
      return { request: await oneRequest(money.db, requestId), replayed: outcome.replayed };
    }
    if (sent) {
      if (!hash)
        throw new AppError("INVALID_TX_HASH", { context: "required" }, { field: "txHash" });
      if (claim && !isValidTxHash(claim.network as Network, hash)) {
        throw new AppError("INVALID_TX_HASH", { network: claim.network }, { field: "txHash" });
      }
    }
    // Awaiting approval: the hash is already recorded; anything else: the command refuses.
    outcome = await COMPLETE.run(money, { ...actor, txHash: sent ? hash : null, now });
  }
  return { request: await oneRequest(money.db, requestId), replayed: outcome.replayed };
}

/** The desk's one-click send (or replacement) from the network's hot wallet (ADR 058). */
export async function sendWithdrawal(
  money: Money,
  clock: Clock,
  payouts: Payouts,
  staff: Member,
  ip: string,
  requestId: string,
  idem: Idempotency,
  action: "send" | "replace",
): Promise<{ request: TSupportRequest; replayed: boolean }> {
  const current = await oneRequest(money.db, requestId);
  const claim = current.withdrawal;
  if (!claim) throw new AppError("NOT_FOUND", { context: "withdrawal" });
  const run = action === "send" ? sendFromHotWallet : replaceStuckSend;
  const outcome = await run(money, clock, payouts, staff, ip, current, claim, idem);
  return { request: await oneRequest(money.db, requestId), replayed: outcome.replayed };
}

/** Fails a withdrawal with the reason shown to the member: the full amount comes back. */
export async function failWithdrawal(
  money: Money,
  clock: Clock,
  staff: Member,
  ip: string,
  requestId: string,
  reason: string,
  idem: Idempotency,
): Promise<{ request: TSupportRequest; replayed: boolean }> {
  const outcome = await FAIL.run(money, {
    ...actorOf(staff, ip, idem, requestId),
    reason,
    now: clock.now(),
  });
  return { request: await oneRequest(money.db, requestId), replayed: outcome.replayed };
}

// ── Threads ─────────────────────────────────────────────────────────────────────────────────

async function thread(db: Db, requestId: string): Promise<TSupportThread> {
  const rows = await messagesOf(db, requestId);
  return {
    messages: rows.map(({ message, author }) => ({
      id: message.id,
      author,
      fromStaff: message.fromStaff,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/** The member's own request's thread; another member's request is "not found". */
export async function ownThread(db: Db, member: Member, requestId: string) {
  if ((await requestOwner(db, requestId)) !== member.profile.id) {
    throw new AppError("NOT_FOUND", { context: "supportRequest" });
  }
  return thread(db, requestId);
}

export async function postOwnMessage(
  db: Db,
  clock: Clock,
  member: Member,
  requestId: string,
  body: string,
): Promise<TSupportThread> {
  if ((await requestOwner(db, requestId)) !== member.profile.id) {
    throw new AppError("NOT_FOUND", { context: "supportRequest" });
  }
  await insertMessage(db, {
    requestId,
    authorId: member.profile.id,
    fromStaff: false,
    body,
    createdAt: clock.now(),
  });
  return thread(db, requestId);
}

export async function deskThread(db: Db, requestId: string): Promise<TSupportThread> {
  if (!(await requestOwner(db, requestId))) {
    throw new AppError("NOT_FOUND", { context: "supportRequest" });
  }
  return thread(db, requestId);
}

/** A staff reply: the message, the member's e-mail and the audit row, in one transaction. */
export async function postStaffReply(
  db: Db,
  clock: Clock,
  staff: Member,
  ip: string,
  requestId: string,
  body: string,
): Promise<TSupportThread> {
  const owner = await requestOwner(db, requestId);
  if (!owner) throw new AppError("NOT_FOUND", { context: "supportRequest" });
  const now = clock.now();
  await db.transaction(async (tx) => {
    await insertMessage(tx, {
      requestId,
      authorId: staff.profile.id,
      fromStaff: true,
      body,
      createdAt: now,
    });
    // The member's notification; its e-mail (where they keep it on) is the reply e-mail.
    await notifyMember(tx, owner, "supportAnswered", { requestId, body }, now);
    await recordAuditEvent(tx, {
      actorProfileId: staff.profile.id,
      actorRole: staff.profile.role,
      action: "support.reply",
      targetProfileId: owner,
      targetType: "support_request",
      targetId: requestId,
      // A reply changes no state: nothing before, the message after.
      before: {},
      after: { body },
      address: ip,
      createdAt: now,
    });
  });
  return thread(db, requestId);
}
