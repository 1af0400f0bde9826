import {
  INVITE,
  REFERRAL,
  type TReferralEntry,
  type TReferralListQuery,
  type TReferralPage,
  type TReferralSummary,
} from "@viewvault/shared";
import type { Db, DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { postTransaction } from "../ledger/ledger.service";
import { notifyMember } from "../notifications/notifications.service";
import { findProfileByAuthUid } from "../profiles/profiles.repository";
import {
  addReferralEarnings,
  callPayCommission,
  commissionByReferee,
  findReferralByReferee,
  findUnrewardedReferees,
  insertReferral,
  lockReferee,
  referralPageRows,
  referralSummaryRows,
  referrerFingerprint,
} from "./referrals.repository";

/** Same network: the same address, or the same IPv4 /24 (IPv6 /48) when the device is the same too. */
function sharedNetworkOrDevice(
  referee: { signupIp: string | null; signupUserAgent: string | null },
  referrer: { signupIp: string | null; signupUserAgent: string | null; sessionIps: string[] },
): string | null {
  const ip = referee.signupIp;
  if (!ip) return null;
  const referrerIps = new Set(
    [referrer.signupIp, ...referrer.sessionIps].filter((v): v is string => !!v),
  );
  if (referrerIps.has(ip)) return `same network (${ip})`;
  const prefix = (addr: string) =>
    addr.includes(":")
      ? addr.split(":").slice(0, 3).join(":")
      : addr.split(".").slice(0, 3).join(".");
  const sameDevice =
    !!referee.signupUserAgent && referee.signupUserAgent === referrer.signupUserAgent;
  if (sameDevice && [...referrerIps].some((other) => prefix(other) === prefix(ip)))
    return "same device and nearby network";
  return null;
}

/**
 * Commission on USDT the platform credits to an invited member: 1 % paid by the platform to the
 * referrer, by the database function vv_pay_commission (db/functions/referrals.sql) that the swap
 * command calls too. For conversions, only on new net conversion above the high-water mark. Returns
 * the referrer paid, or null.
 */
export async function payCommission(
  tx: DbOrTx,
  referee: { id: string },
  creditedMicroUsdt: bigint,
  viaConversion: boolean,
): Promise<string | null> {
  return callPayCommission(tx, {
    referee: referee.id,
    credited: creditedMicroUsdt,
    viaConversion,
    basisPoints: REFERRAL.commissionBasisPoints,
  });
}

/**
 * Once an invited member has confirmed their e-mail: +1 view to the referrer, the sign-up bonus to
 * the new member, a `referrals` row, and the commission on that bonus — in one transaction, at
 * most once per member (unique referred_user_id). A sign-up sharing a network or device with its
 * referrer is recorded as HELD for staff review instead of paid.
 */
export async function grantSignupRewards(
  db: Db,
  refereeId: string,
): Promise<{ outcome: "paid" | "held" | "skipped"; touched: string[] }> {
  return db.transaction(async (tx) => {
    const referee = await lockReferee(tx, refereeId);
    const skipped = { outcome: "skipped" as const, touched: [] };
    if (!referee?.referredBy || !referee.emailVerified) return skipped;
    if (await findReferralByReferee(tx, referee.id)) return skipped;
    const referrer = await referrerFingerprint(tx, referee.referredBy);
    if (!referrer) return skipped;
    const flag = referrer.suspended
      ? "referrer suspended"
      : referee.suspended
        ? "member suspended"
        : sharedNetworkOrDevice(referee, referrer);
    const viewsBonus = REFERRAL.signupRewardViews;
    const usdtBonus = INVITE.signupBonusMicroUsdt;
    if (flag) {
      await insertReferral(tx, {
        referrerUserId: referee.referredBy,
        referredUserId: referee.id,
        viewsBonus,
        usdtBonus,
        status: "HELD",
        flagReason: flag,
      });
      await notifyMember(
        tx,
        referee.referredBy,
        "referralHeld",
        { username: referee.username },
        null,
      );
      return { outcome: "held" as const, touched: [] };
    }
    const { transactionId } = await postTransaction(tx, {
      kind: "referral_reward",
      actorProfileId: null,
      memo: { referrer: referee.referredBy, referee: referee.id },
      legs: [
        { account: { system: "rewards", currency: "VIEWS" }, amount: -viewsBonus },
        {
          account: { member: referee.referredBy, currency: "VIEWS" },
          amount: viewsBonus,
          counterparty: referee.id,
        },
        { account: { system: "rewards", currency: "USDT" }, amount: -usdtBonus },
        {
          account: { member: referee.id, currency: "USDT" },
          amount: usdtBonus,
          counterparty: referee.referredBy,
        },
      ],
    });
    await insertReferral(tx, {
      referrerUserId: referee.referredBy,
      referredUserId: referee.id,
      viewsBonus,
      usdtBonus,
      status: "PAID",
      ledgerTransactionId: transactionId,
    });
    await addReferralEarnings(tx, referee.referredBy, viewsBonus, 0n);
    await notifyMember(
      tx,
      referee.referredBy,
      "referralConfirmed",
      { username: referee.username, views: viewsBonus.toString() },
      null,
    );
    await payCommission(tx, referee, usdtBonus, false);
    return { outcome: "paid" as const, touched: [referee.id, referee.referredBy] };
  });
}

/** The members whose balances changed (for live updates after the commit). */
export async function grantSignupRewardsFor(db: Db, authUid: string): Promise<string[]> {
  const profile = await findProfileByAuthUid(db, authUid);
  return profile?.referredBy ? (await grantSignupRewards(db, profile.id)).touched : [];
}

/**
 * Grants what is owed to every confirmed invited member not yet rewarded (crash-safe catch-up);
 * returns the members whose balances changed.
 */
export async function sweepSignupRewards(db: Db): Promise<string[]> {
  const touched: string[] = [];
  for (const id of await findUnrewardedReferees(db, 100)) {
    touched.push(...(await grantSignupRewards(db, id)).touched);
  }
  return touched;
}

export function badgeFor(total: number): TReferralSummary["badge"] {
  return (REFERRAL.badges.find((b) => total >= b.min)?.id as TReferralSummary["badge"]) ?? null;
}

interface ReferralListRow {
  id: string;
  referredId: string;
  username: string;
  isVerified: boolean;
  viewsBonus: bigint;
  usdtBonus: bigint;
  status: "PAID" | "HELD" | "REJECTED";
  createdAt: Date;
}

/** Referrals as their referrer sees them, with what each earned them (one commission read). */
async function toEntries(
  db: Db,
  profileId: string,
  rows: ReferralListRow[],
): Promise<TReferralEntry[]> {
  const commission = await commissionByReferee(
    db,
    profileId,
    rows.map((r) => r.referredId),
  );
  return rows.map((r) => ({
    id: r.id,
    referred: { id: r.referredId, username: r.username, isVerified: r.isVerified },
    viewsBonus: r.viewsBonus.toString(),
    usdtBonus: r.usdtBonus.toString(),
    // What the referrer earned, apart from the invited member's welcome bonus above.
    earnedViews: (r.status === "PAID" ? r.viewsBonus : 0n).toString(),
    earnedUsdt: (commission.get(r.referredId) ?? 0n).toString(),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function getReferralSummary(db: Db, profileId: string): Promise<TReferralSummary> {
  const { counts, balance, list } = await referralSummaryRows(db, profileId, REFERRAL.recentShown);
  const total = counts?.paid ?? 0;
  return {
    totalReferrals: counts?.total ?? 0,
    paidReferrals: total,
    heldReferrals: counts?.held ?? 0,
    viewsFromReferrals: (balance?.viewsFromReferrals ?? 0n).toString(),
    usdtFromReferrals: (balance?.usdtFromReferrals ?? 0n).toString(),
    badge: badgeFor(total),
    recent: await toEntries(db, profileId, list),
  };
}

const CURSOR_RE = /^(\d{1,16})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** The whole referral list, newest first, one keyset page at a time. */
export async function listReferrals(
  db: Db,
  profileId: string,
  query: TReferralListQuery,
): Promise<TReferralPage> {
  let after: { micros: string; id: string } | undefined;
  if (query.cursor) {
    const match = CURSOR_RE.exec(query.cursor);
    if (!match?.[1] || !match[2])
      throw new AppError("VALIDATION_FAILED", { context: "cursor" }, { field: "cursor" });
    after = { micros: match[1], id: match[2] };
  }
  const rows = await referralPageRows(db, profileId, {
    ...(after ? { after } : {}),
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  return {
    referrals: await toEntries(db, profileId, page),
    nextCursor: rows.length > query.limit && last ? `${last.createdMicros}_${last.id}` : null,
  };
}
