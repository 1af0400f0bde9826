import {
  ADMIN,
  type Role,
  type TAdminMemberDetail,
  type TAdminMemberPage,
  type TAdminMemberRow,
  type TDeskRisk,
  type TFraudFlag,
  type TProfile,
} from "@viewvault/shared";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { auditEventsOf, recordAuditEvent } from "../../audit/audit.service";
import type { StaffActor } from "../../audit/staff-actor";
import { balancesDto, readBalances } from "../../ledger/ledger.repository";
import { deleteSessionsOfUser, setRole } from "../../members/members.repository";
import { findProfileById } from "../../profiles/profiles.repository";
import { toProfileDto } from "../../profiles/profiles.service";
import { deskRiskOf } from "../../risk/risk.desk";
import { staffRequests } from "../../support/support.service";
import {
  liveSessionsOf,
  type MemberSearchRow,
  memberDetailRow,
  memberRef,
  networkEvidence,
  recentLedgerOf,
  referralsMadeBy,
  searchMembers as searchMemberRows,
} from "./admin-members.repository";

/** The admin console's members: search, the member page, suspension, role and sessions. */

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
  const [balances, ledger, sessions, referrals, flags, audit, referrer, requests, risks] =
    await Promise.all([
      readBalances(db, row.id),
      recentLedgerOf(db, row.id, ADMIN.recentLedgerEntries),
      liveSessionsOf(db, row.auth_uid, clock.now()),
      referralsMadeBy(db, row.id),
      fraudFlags(db, row),
      auditEventsOf(db, row.id, ADMIN.auditPageSize),
      row.referred_by ? memberRef(db, row.referred_by) : Promise.resolve([]),
      staffRequests(db, { userId: row.id }, ADMIN.recentSupportRequests),
      deskRiskOf(db, clock, new Map([[row.id, 0n]])),
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
    risk: risks.get(row.id) as TDeskRisk,
    audit,
    supportRequests: requests,
  };
}

export async function changeMemberRole(options: {
  db: Db;
  clock: Clock;
  actorProfileId: string;
  targetProfileId: string;
  role: Role;
  context?: { actorRole?: string; address?: string | null; reason?: string };
}): Promise<TProfile> {
  const { db, clock, actorProfileId, targetProfileId, role, context = {} } = options;
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
      createdAt: clock.now(),
    });
    return toProfileDto(profile);
  });
}

/** Signs a member out everywhere (their sessions are deleted; every instance forgets them). */
export async function revokeMemberSessions(options: {
  db: Db;
  clock: Clock;
  actor: StaffActor;
  targetProfileId: string;
  reason: string;
}): Promise<{ revoked: number }> {
  const { db, clock, actor, targetProfileId, reason } = options;
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
      before: { sessions: revoked },
      after: { sessions: 0 },
      details: { revokedSessions: revoked },
      createdAt: clock.now(),
    });
    return { revoked };
  });
}
