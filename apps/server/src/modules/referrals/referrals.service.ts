import { INVITE, REFERRAL, type TReferralSummary } from "@viewvault/shared";
import type { Db, DbOrTx } from "../../db/client";
import { postTransaction } from "../ledger/ledger.service";
import { findProfileByAuthUid } from "../profiles/profiles.repository";
import {
  addReferralEarnings,
  findReferralByReferee,
  findUnrewardedReferees,
  insertReferral,
  lockReferee,
  moveNetConversion,
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
 * referrer. For conversions (`viaConversion`), only on new net conversion above the high-water
 * mark, in exact micro-USDT (floor of the mark's 1 %), so swapping back and forth earns nothing.
 */
export async function payCommission(
  tx: DbOrTx,
  referee: { id: string; referredBy: string | null },
  creditedMicroUsdt: bigint,
  viaConversion: boolean,
): Promise<bigint> {
  if (!referee.referredBy) return 0n;
  const referral = await findReferralByReferee(tx, referee.id);
  if (referral?.status !== "PAID") return 0n;
  const rate = REFERRAL.commissionBasisPoints;
  let commission: bigint;
  if (viaConversion) {
    const { before, after } = await moveNetConversion(tx, referee.id, creditedMicroUsdt);
    commission = (after * rate) / 10_000n - (before * rate) / 10_000n;
  } else {
    commission = (creditedMicroUsdt * rate) / 10_000n;
  }
  if (commission <= 0n) return 0n;
  await postTransaction(tx, {
    kind: "referral_commission",
    actorProfileId: null,
    memo: { referee: referee.id, base: creditedMicroUsdt.toString(), viaConversion },
    legs: [
      { account: { system: "rewards", currency: "USDT" }, amount: -commission },
      {
        account: { member: referral.referrerUserId, currency: "USDT" },
        amount: commission,
        counterparty: referee.id,
      },
    ],
  });
  await addReferralEarnings(tx, referral.referrerUserId, 0n, commission);
  return commission;
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
): Promise<"paid" | "held" | "skipped"> {
  return db.transaction(async (tx) => {
    const referee = await lockReferee(tx, refereeId);
    if (!referee?.referredBy || !referee.emailVerified) return "skipped";
    if (await findReferralByReferee(tx, referee.id)) return "skipped";
    const referrer = await referrerFingerprint(tx, referee.referredBy);
    if (!referrer) return "skipped";
    const flag = referrer.suspended
      ? "referrer suspended"
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
      return "held";
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
    await payCommission(tx, referee, usdtBonus, false);
    return "paid";
  });
}

export async function grantSignupRewardsFor(db: Db, authUid: string): Promise<void> {
  const profile = await findProfileByAuthUid(db, authUid);
  if (profile?.referredBy) await grantSignupRewards(db, profile.id);
}

/** Grants what is owed to every confirmed invited member not yet rewarded (crash-safe catch-up). */
export async function sweepSignupRewards(db: Db): Promise<number> {
  let done = 0;
  for (const id of await findUnrewardedReferees(db, 100)) {
    if ((await grantSignupRewards(db, id)) !== "skipped") done++;
  }
  return done;
}

export function badgeFor(total: number): TReferralSummary["badge"] {
  return (REFERRAL.badges.find((b) => total >= b.min)?.id as TReferralSummary["badge"]) ?? null;
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
    recent: list.map((r) => ({
      id: r.id,
      referred: { id: r.referredId, username: r.username, isVerified: r.isVerified },
      viewsBonus: r.viewsBonus.toString(),
      usdtBonus: r.usdtBonus.toString(),
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
