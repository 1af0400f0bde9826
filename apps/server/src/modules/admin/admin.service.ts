import { once } from "node:events";
import { performance } from "node:perf_hooks";
import type { Readable } from "node:stream";
import {
  ADMIN,
  REFERRAL,
  type Role,
  type TAdminMemberDetail,
  type TAdminMemberPage,
  type TAdminMemberRow,
  type TAdminOverview,
  type TAuditEvent,
  type TAuditPage,
  type TAuditQuery,
  type TFraudFlag,
  type THeldReferral,
  type TLedgerCheck,
  type TPayoutApprovals,
  type TProfile,
  type TSupportRequest,
} from "@viewvault/shared";
import { stringify } from "csv-stringify";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../plugins/auth";
import { neutraliseFormula } from "../activity/activity.service";
import type { Idempotency } from "../idempotency/idempotency";
import { balancesDto, readBalances } from "../ledger/ledger.repository";
import { balancesByKind } from "../ledger/ledger-invariants.repository";
import { type CommandOutcome, command, type Money, runCommand } from "../ledger/money-command";
import { verifyLedger } from "../ledger/verify-ledger";
import { cancelAllOffersOf } from "../marketplace/marketplace.repository";
import { deleteSessionsOfUser, setRole, setSuspended } from "../members/members.repository";
import { findProfileById } from "../profiles/profiles.repository";
import { toProfileDto } from "../profiles/profiles.service";
import { failWithdrawal, setRequestStatus, staffRequests } from "../support/support.service";
import { cancelPendingRequests } from "../view-requests/view-requests.service";
import {
  type AuditRow,
  auditEventsWhere,
  type HeldReferralRow,
  heldReferrals,
  liveSessionsOf,
  type MemberSearchRow,
  memberDetailRow,
  memberRef,
  networkEvidence,
  platformCounts,
  profileIdOf,
  recentLedgerOf,
  recordAuditEvent,
  referralById,
  referralExists,
  referralsMadeBy,
  rejectHeldReferral,
  searchMembers as searchMemberRows,
} from "./admin.repository";

/** Who acts, in which role, from which address (every audit row names all three). */
export interface StaffActor {
  profileId: string;
  role: string;
  address: string | null;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function memberRow(r: MemberSearchRow): TAdminMemberRow {
  return {
    id: r.id,
    username: r.username,
    email: r.email,
    role: r.role,
    suspended: r.suspended,
    emailVerified: r.email_verified,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * Members by id (a UUID), e-mail prefix (a value with "@" after its first character) or
 * username prefix (anything else; a leading "@" is the handle's) — ADR 027: a page of
 * ADMIN.searchPageSize in that column's order, and the key of the next page (null on the last).
 */
export async function searchMembers(
  db: Db,
  query: { q: string; after?: string | undefined },
): Promise<TAdminMemberPage> {
  const value = query.q.trim().replace(/^@/, "").toLowerCase();
  const by = UUID_RE.test(value) ? "id" : value.includes("@") ? "email" : "username";
  const limit = ADMIN.searchPageSize;
  const rows = await searchMemberRows(db, {
    by,
    value,
    after: query.after ?? "",
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    members: page.map(memberRow),
    next: rows.length > limit ? (page[page.length - 1]?.key ?? null) : null,
  };
}

function ref(id: string | null, username: string | null, verified: boolean | null) {
  return id && username ? { id, username, isVerified: verified ?? false } : null;
}

function auditEvent(r: AuditRow): TAuditEvent {
  return {
    id: r.id,
    actor: ref(r.actor_id, r.actor_username, r.actor_verified),
    actorRole: r.actor_role,
    action: r.action,
    target: ref(r.target_id, r.target_username, r.target_verified),
    reason: r.reason,
    before: r.before,
    after: r.after,
    address: r.address,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** The first three octets of an IPv4 address, the first three groups of an IPv6 one. */
function networkOf(address: string): string {
  return address.includes(":")
    ? address.split(":").slice(0, 3).join(":")
    : address.split(".").slice(0, 3).join(".");
}

/**
 * Fraud evidence on a member: an address they share with their referrer (sign-up or any
 * session), the referrer's device on a nearby network, and addresses many accounts signed up from.
 */
async function fraudFlags(
  db: Db,
  member: { id: string; signup_user_agent: string | null; referred_by: string | null },
): Promise<TFraudFlag[]> {
  const flags: TFraudFlag[] = [];
  const own = await networkEvidence(db, member.id);
  for (const address of own) {
    if (address.accounts >= ADMIN.crowdedNetworkAccounts) {
      flags.push({ kind: "crowdedNetwork", address: address.ip, accounts: address.accounts });
    }
  }
  if (!member.referred_by) return flags;
  const referrer = await memberDetailRow(db, member.referred_by);
  if (!referrer) return flags;
  const theirs = await networkEvidence(db, referrer.id);
  const theirIps = new Set(theirs.map((a) => a.ip));
  const shared = own.find((a) => theirIps.has(a.ip));
  if (shared) flags.push({ kind: "sharedNetwork", address: shared.ip, accounts: shared.accounts });
  const nearby = own.find((a) => theirs.some((b) => networkOf(b.ip) === networkOf(a.ip)));
  if (
    member.signup_user_agent &&
    member.signup_user_agent === referrer.signup_user_agent &&
    nearby
  ) {
    flags.push({ kind: "sharedDevice", address: nearby.ip, accounts: nearby.accounts });
  }
  return flags;
}

/** Everything the member page shows: profile, balances, ledger, sessions, referrals, flags, audit. */
export async function getMemberDetail(
  db: Db,
  clock: Clock,
  profileId: string,
): Promise<TAdminMemberDetail> {
  const row = await memberDetailRow(db, profileId);
  if (!row) throw new AppError("NOT_FOUND", { context: "member" });
  const [balances, ledger, sessions, referrals, flags, audit, referrer, requests] =
    await Promise.all([
      readBalances(db, row.id),
      recentLedgerOf(db, row.id, ADMIN.recentLedgerEntries),
      liveSessionsOf(db, row.auth_uid, clock.now()),
      referralsMadeBy(db, row.id),
      fraudFlags(db, row),
      auditEventsWhere(db, { target: row.id, limit: ADMIN.auditPageSize }),
      row.referred_by ? memberRef(db, row.referred_by) : Promise.resolve([]),
      staffRequests(db, { userId: row.id }, ADMIN.recentSupportRequests),
    ]);
  const referrerRow = referrer[0];
  return {
    member: {
      ...memberRow(row),
      isVerified: row.is_verified,
      locale: row.locale,
      twoFactorEnabled: row.two_factor_enabled ?? false,
      walletAddress: row.wallet_address,
      walletNetwork: row.wallet_network,
      signupIp: row.signup_ip,
      signupUserAgent: row.signup_user_agent,
    },
    balances: balancesDto(balances),
    ledger: ledger.map((e) => ({
      id: e.id,
      kind: e.kind,
      currency: e.currency,
      amount: e.amount,
      balanceAfter: e.balance_after,
      createdAt: new Date(e.created_at).toISOString(),
    })),
    sessions: sessions.map((s) => ({
      id: s.id,
      ipAddress: s.ip_address,
      userAgent: s.user_agent,
      createdAt: new Date(s.created_at).toISOString(),
      expiresAt: new Date(s.expires_at).toISOString(),
    })),
    referrer: referrerRow
      ? { id: referrerRow.id, username: referrerRow.username, isVerified: referrerRow.is_verified }
      : null,
    referrals: referrals.map((r) => ({
      id: r.id,
      referee: { id: r.referee_id, username: r.username, isVerified: r.is_verified },
      status: r.status,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    flags,
    audit: audit.map(auditEvent),
    supportRequests: requests,
  };
}

/**
 * Suspends (or reinstates) a member. Suspending revokes every session, cancels (and refunds)
 * their waiting view requests and closes their open marketplace offers (the escrowed views come
 * back) in the same transaction, so the member is signed out everywhere at
 * once, cannot sign in again, and no match can pay them.
 */
export async function setMemberSuspended(
  db: Db,
  clock: Clock,
  actorProfileId: string,
  targetProfileId: string,
  suspended: boolean,
  context: { actorRole?: string; address?: string | null; reason?: string } = {},
): Promise<TProfile> {
  if (actorProfileId === targetProfileId)
    throw new AppError("FORBIDDEN", { context: "selfSuspend" });
  return db.transaction(async (tx) => {
    const before = await findProfileById(tx, targetProfileId);
    const profile = await setSuspended(tx, targetProfileId, suspended);
    if (!profile || !before) throw new AppError("NOT_FOUND", { context: "member" });
    const revoked = suspended ? await deleteSessionsOfUser(tx, profile.authUid) : 0;
    const cancelledRequests = suspended ? await cancelPendingRequests(tx, clock, profile.id) : 0;
    const cancelledOffers = suspended ? await cancelAllOffersOf(tx, profile.id, clock.now()) : 0;
    await recordAuditEvent(tx, {
      actorProfileId,
      actorRole: context.actorRole ?? null,
      address: context.address ?? null,
      reason: context.reason ?? null,
      action: suspended ? "member.suspend" : "member.reinstate",
      targetProfileId,
      before: { suspended: before.suspended },
      after: { suspended },
      details: {
        revokedSessions: revoked,
        cancelledViewRequests: cancelledRequests,
        cancelledMarketOffers: cancelledOffers,
      },
    });
    return toProfileDto(profile);
  });
}

export async function changeMemberRole(
  db: Db,
  actorProfileId: string,
  targetProfileId: string,
  role: Role,
  context: { actorRole?: string; address?: string | null; reason?: string } = {},
): Promise<TProfile> {
  if (actorProfileId === targetProfileId) throw new AppError("FORBIDDEN", { context: "selfRole" });
  return db.transaction(async (tx) => {
    const before = await findProfileById(tx, targetProfileId);
    const profile = await setRole(tx, targetProfileId, role);
    if (!profile || !before) throw new AppError("NOT_FOUND", { context: "member" });
    await recordAuditEvent(tx, {
      actorProfileId,
      actorRole: context.actorRole ?? null,
      address: context.address ?? null,
      reason: context.reason ?? null,
      action: "member.role",
      targetProfileId,
      before: { role: before.role },
      after: { role },
      details: { role },
    });
    return toProfileDto(profile);
  });
}

/** Signs a member out everywhere (their sessions are deleted; every instance forgets them). */
export async function revokeMemberSessions(
  db: Db,
  actor: StaffActor,
  targetProfileId: string,
  reason: string,
): Promise<{ revoked: number }> {
  return db.transaction(async (tx) => {
    const profile = await findProfileById(tx, targetProfileId);
    if (!profile) throw new AppError("NOT_FOUND", { context: "member" });
    const revoked = await deleteSessionsOfUser(tx, profile.authUid);
    await recordAuditEvent(tx, {
      actorProfileId: actor.profileId,
      actorRole: actor.role,
      address: actor.address,
      reason,
      action: "member.sessions.revoke",
      targetProfileId,
      before: null,
      after: null,
      details: { revokedSessions: revoked },
    });
    return { revoked };
  });
}

function heldReferral(r: HeldReferralRow): THeldReferral {
  return {
    id: r.id,
    referrer: { id: r.referrer_id, username: r.referrer_username, isVerified: r.referrer_verified },
    referee: { id: r.referee_id, username: r.referee_username, isVerified: r.referee_verified },
    viewsBonus: r.views_bonus,
    usdtBonus: r.usdt_bonus,
    status: r.status,
    flagReason: r.flag_reason,
    refereeSignupIp: r.referee_ip,
    referrerSignupIp: r.referrer_ip,
    refereeUserAgent: r.referee_ua,
    referrerUserAgent: r.referrer_ua,
    accountsOnNetwork: r.accounts_on_network,
    decisionReason: r.decision_reason,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

export async function listHeldReferrals(db: Db): Promise<THeldReferral[]> {
  return (await heldReferrals(db, 100)).map(heldReferral);
}

async function decidedReferral(db: Db, id: string): Promise<THeldReferral> {
  const row = await referralById(db, id);
  if (!row) throw new AppError("NOT_FOUND", { context: "referral" });
  return heldReferral(row);
}

const APPROVE_COMMAND = command("vv_referral_approve", [
  "uuid",
  "text",
  "text",
  "text",
  "uuid",
  "text",
  "text",
  "text",
  "bigint",
]);

/**
 * Approves a held referral through the money command vv_referral_approve (ADR 028): the
 * referrer's views and the invited member's sign-up bonus are paid once, however many admins
 * (or retries) approve it at the same time.
 */
export async function approveHeldReferral(
  money: Money,
  actor: StaffActor,
  referralId: string,
  reason: string,
  idem: Idempotency,
): Promise<CommandOutcome<{ referral: THeldReferral }>> {
  const outcome = await runCommand<{ referralId: string }>(money, APPROVE_COMMAND, [
    actor.profileId,
    idem.key,
    idem.route,
    idem.hash,
    referralId,
    reason,
    actor.role,
    actor.address,
    REFERRAL.commissionBasisPoints.toString(),
  ]);
  return { ...outcome, result: { referral: await decidedReferral(money.db, referralId) } };
}

/** Rejects a held referral (nothing is paid); refused when it was already decided. */
export async function rejectReferral(
  db: Db,
  actor: StaffActor,
  referralId: string,
  reason: string,
): Promise<{ referral: THeldReferral }> {
  await db.transaction(async (tx) => {
    const row = await rejectHeldReferral(tx, referralId, actor.profileId, reason);
    if (!row) {
      if (await referralExists(tx, referralId))
        throw new AppError("CONFLICT", { context: "referralDecided" });
      throw new AppError("NOT_FOUND", { context: "referral" });
    }
    await recordAuditEvent(tx, {
      actorProfileId: actor.profileId,
      actorRole: actor.role,
      address: actor.address,
      reason,
      action: "referral.reject",
      targetProfileId: row.referred_user_id,
      before: { status: "HELD" },
      after: { status: "REJECTED" },
      details: { referralId },
    });
  });
  return { referral: await decidedReferral(db, referralId) };
}

/**
 * Platform totals per currency from the ledger's accounts by kind, and the queues' counts:
 * pending withdrawals wait for a staff member (SENT), the second approval's queue is
 * AWAITING_APPROVAL, open support requests are the non-withdrawal ones not yet COMPLETED.
 */
export async function getOverview(
  db: Db,
  onlineNow: () => Promise<number>,
): Promise<TAdminOverview> {
  const byKind = new Map<string, bigint>();
  for (const r of await balancesByKind(db)) byKind.set(`${r.currency}:${r.kind}`, BigInt(r.total));
  const totals = (currency: "VIEWS" | "USDT") => {
    const of = (kind: string) => byKind.get(`${currency}:${kind}`) ?? 0n;
    return {
      issued: (-of("rewards")).toString(),
      members: (of("member") + of("member_pending") + of("member_held")).toString(),
      withdrawalEscrow: of("withdrawal_escrow").toString(),
      marketplaceEscrow: of("marketplace_escrow").toString(),
      paidOut: of("payouts").toString(),
      fees: of("fees").toString(),
    };
  };
  const [counts, online] = await Promise.all([platformCounts(db), onlineNow()]);
  return {
    totals: { VIEWS: totals("VIEWS"), USDT: totals("USDT") },
    counts: {
      members: counts?.members ?? 0,
      confirmed: counts?.confirmed ?? 0,
      suspended: counts?.suspended ?? 0,
      staff: counts?.staff ?? 0,
      heldReferrals: counts?.held_referrals ?? 0,
      onlineNow: online,
      pendingWithdrawals: counts?.pending_withdrawals ?? 0,
      awaitingApproval: counts?.awaiting_approval ?? 0,
      openSupportRequests: counts?.open_support_requests ?? 0,
    },
  };
}

/** The ledger invariant check (the same code as `npm run ledger:verify`), timed. */
export async function runLedgerCheck(db: Db, clock: Clock): Promise<TLedgerCheck> {
  const started = performance.now();
  const report = await verifyLedger(db);
  return {
    ok: report.ok,
    problems: report.problems,
    durationMs: Math.round(performance.now() - started),
    counts: report.counts,
    checkedAt: clock.now().toISOString(),
  };
}

async function auditFilter(db: Db, query: Omit<TAuditQuery, "before">) {
  const resolve = async (value: string | undefined) =>
    value ? ((await profileIdOf(db, value)) ?? "00000000-0000-0000-0000-000000000000") : undefined;
  return {
    actor: await resolve(query.actor),
    target: await resolve(query.target),
    action: query.action || undefined,
  };
}

function parseCursor(value: string | undefined): { at: Date; id: string } | undefined {
  if (!value) return undefined;
  const [at, id] = value.split("|");
  const date = at ? new Date(at) : null;
  if (!date || Number.isNaN(date.getTime()) || !id || !UUID_RE.test(id)) {
    throw new AppError("VALIDATION_FAILED", undefined, { field: "before" });
  }
  return { at: date, id };
}

/** The audit log, newest first, filtered by actor and target (username or id) and action. */
export async function getAuditPage(db: Db, query: TAuditQuery): Promise<TAuditPage> {
  const filter = await auditFilter(db, query);
  const limit = ADMIN.auditPageSize;
  const rows = await auditEventsWhere(db, {
    ...filter,
    before: parseCursor(query.before),
    limit: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    events: page.map(auditEvent),
    next:
      rows.length > limit && last ? `${new Date(last.created_at).toISOString()}|${last.id}` : null,
  };
}

/** The filtered audit log as CSV, a thousand rows at a time, formulas neutralised. */
export function auditCsv(db: Db, query: Omit<TAuditQuery, "before">): Readable {
  const csv = stringify({
    header: true,
    columns: [
      "date",
      "actor",
      "actor_role",
      "action",
      "target",
      "reason",
      "before",
      "after",
      "address",
    ],
    cast: { string: neutraliseFormula },
  });
  (async () => {
    const filter = await auditFilter(db, query);
    let before: { at: Date; id: string } | undefined;
    for (;;) {
      const rows = await auditEventsWhere(db, { ...filter, before, limit: 1000 });
      for (const r of rows) {
        const ok = csv.write([
          new Date(r.created_at).toISOString(),
          r.actor_username ?? "",
          r.actor_role ?? "",
          r.action,
          r.target_username ?? "",
          r.reason ?? "",
          r.before ? JSON.stringify(r.before) : "",
          r.after ? JSON.stringify(r.after) : "",
          r.address ?? "",
        ]);
        if (!ok) await once(csv, "drain");
      }
      const last = rows[rows.length - 1];
      if (rows.length < 1000 || !last) break;
      before = { at: new Date(last.created_at), id: last.id };
    }
    csv.end();
  })().catch((error) => csv.destroy(error));
  return csv;
}

// ── Payout approvals (the second approval of withdrawals above the four-eyes threshold) ─────

/** Withdrawals awaiting the second approval (oldest first), each with the member's history. */
export async function listPayoutApprovals(db: Db): Promise<TPayoutApprovals> {
  const waiting = await staffRequests(db, { withdrawalStatus: "AWAITING_APPROVAL" }, 100);
  const approvals = await Promise.all(
    waiting.reverse().map(async (request) => ({
      request,
      history: (
        await staffRequests(
          db,
          { userId: request.userId, type: "WITHDRAWAL" },
          ADMIN.payoutHistory + 1,
        )
      )
        .filter((r) => r.id !== request.id)
        .slice(0, ADMIN.payoutHistory),
    })),
  );
  return { approvals };
}

/**
 * The console acts only at the second approval: a withdrawal still SENT (waiting for, or taken
 * by, a staff member) belongs to the support desk. Every other state goes to the database
 * command, which replays a repeated intent or refuses a decided withdrawal (states only move on
 * from AWAITING_APPROVAL, so this read cannot race into a wrong decision).
 */
async function refuseBeforeSecondApproval(db: Db, requestId: string): Promise<void> {
  const [request] = await staffRequests(db, { id: requestId }, 1);
  if (!request?.withdrawal) throw new AppError("NOT_FOUND", { context: "withdrawal" });
  if (request.withdrawal.status === "SENT") {
    throw new AppError("CONFLICT", { context: "withdrawalState", status: "SENT" });
  }
}

/**
 * Approves a withdrawal awaiting the second approval through the desk's own command
 * (vv_withdraw_complete): the four-eyes rule — an admin who is neither the member nor the staff
 * member who processed it — lives there only; the payout is posted once.
 */
export async function approvePayout(
  money: Money,
  clock: Clock,
  admin: Member,
  ip: string,
  requestId: string,
  idem: Idempotency,
): Promise<{ request: TSupportRequest; replayed: boolean }> {
  await refuseBeforeSecondApproval(money.db, requestId);
  return setRequestStatus(money, clock, admin, ip, requestId, { status: "COMPLETED" }, idem);
}

/** Rejects it through the desk's fail path (vv_withdraw_fail): the full amount comes back. */
export async function rejectPayout(
  money: Money,
  clock: Clock,
  admin: Member,
  ip: string,
  requestId: string,
  reason: string,
  idem: Idempotency,
): Promise<{ request: TSupportRequest; replayed: boolean }> {
  await refuseBeforeSecondApproval(money.db, requestId);
  return failWithdrawal(money, clock, admin, ip, requestId, reason, idem);
}
