import { and, desc, eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import {
  profiles,
  referralBalance,
  referralConversions,
  referrals,
  sessions,
  users,
} from "../../db/schema";

export type ReferralRow = typeof referrals.$inferSelect;

/** Confirmed invited members whose referral was never recorded (the reward sweep's work list). */
export async function findUnrewardedReferees(db: DbOrTx, limit: number): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.id from ${profiles} p
        join ${users} u on u.id = p.auth_uid
        where p.referred_by is not null and u.email_verified
          and not exists (select 1 from ${referrals} r where r.referred_user_id = p.id)
        order by p.created_at limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

export async function lockReferee(tx: DbOrTx, profileId: string) {
  const [row] = await tx
    .select({
      id: profiles.id,
      referredBy: profiles.referredBy,
      signupIp: profiles.signupIp,
      signupUserAgent: profiles.signupUserAgent,
      emailVerified: users.emailVerified,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.authUid))
    .where(eq(profiles.id, profileId))
    .for("update", { of: profiles });
  return row;
}

export async function findReferralByReferee(
  tx: DbOrTx,
  referredUserId: string,
): Promise<ReferralRow | undefined> {
  const [row] = await tx
    .select()
    .from(referrals)
    .where(eq(referrals.referredUserId, referredUserId))
    .limit(1);
  return row;
}

/** The referrer's sign-up network and device, and every address they signed in from. */
export async function referrerFingerprint(tx: DbOrTx, referrerId: string) {
  const [row] = await tx
    .select({
      authUid: profiles.authUid,
      signupIp: profiles.signupIp,
      signupUserAgent: profiles.signupUserAgent,
      suspended: profiles.suspended,
    })
    .from(profiles)
    .where(eq(profiles.id, referrerId));
  if (!row) return undefined;
  const ips = await tx
    .selectDistinct({ ip: sessions.ipAddress })
    .from(sessions)
    .where(eq(sessions.userId, row.authUid));
  return { ...row, sessionIps: ips.map((r) => r.ip).filter((ip): ip is string => !!ip) };
}

export async function insertReferral(
  tx: DbOrTx,
  values: typeof referrals.$inferInsert,
): Promise<ReferralRow> {
  const [row] = await tx.insert(referrals).values(values).returning();
  if (!row) throw new Error("referral insert returned no row");
  return row;
}

export async function addReferralEarnings(
  tx: DbOrTx,
  referrerId: string,
  views: bigint,
  usdt: bigint,
): Promise<void> {
  await tx
    .update(referralBalance)
    .set({
      viewsFromReferrals: sql`${referralBalance.viewsFromReferrals} + ${views}`,
      usdtFromReferrals: sql`${referralBalance.usdtFromReferrals} + ${usdt}`,
      updatedAt: sql`now()`,
    })
    .where(eq(referralBalance.userId, referrerId));
}

/**
 * Adds `delta` (micro-USDT) to the referee's net conversion under a row lock and returns the
 * high-water mark before and after: commission is owed only on the part above the old mark.
 */
export async function moveNetConversion(
  tx: DbOrTx,
  referredUserId: string,
  delta: bigint,
): Promise<{ before: bigint; after: bigint }> {
  await tx.insert(referralConversions).values({ referredUserId }).onConflictDoNothing();
  const [row] = await tx
    .select({ net: referralConversions.netConverted, hwm: referralConversions.highWaterMark })
    .from(referralConversions)
    .where(eq(referralConversions.referredUserId, referredUserId))
    .for("update");
  if (!row) throw new Error("conversion row missing");
  const net = row.net + delta;
  // biome-ignore lint/complexity/useMathMinMax: bigint has no Math.max
  const hwm = net > row.hwm ? net : row.hwm;
  await tx
    .update(referralConversions)
    .set({ netConverted: net, highWaterMark: hwm, updatedAt: sql`now()` })
    .where(eq(referralConversions.referredUserId, referredUserId));
  return { before: row.hwm, after: hwm };
}

export async function referralSummaryRows(db: DbOrTx, referrerId: string, recent: number) {
  const counts = await queryRows<{ total: number; paid: number; held: number }>(
    db,
    sql`select count(*)::int as total,
               count(*) filter (where status = 'PAID')::int as paid,
               count(*) filter (where status = 'HELD')::int as held
        from ${referrals} where referrer_user_id = ${referrerId}`,
  );
  const [balance] = await db
    .select()
    .from(referralBalance)
    .where(eq(referralBalance.userId, referrerId));
  const list = await db
    .select({
      id: referrals.id,
      referredId: profiles.id,
      username: profiles.username,
      isVerified: profiles.isVerified,
      viewsBonus: referrals.viewsBonus,
      usdtBonus: referrals.usdtBonus,
      status: referrals.status,
      createdAt: referrals.createdAt,
    })
    .from(referrals)
    .innerJoin(profiles, eq(profiles.id, referrals.referredUserId))
    .where(and(eq(referrals.referrerUserId, referrerId)))
    .orderBy(desc(referrals.createdAt))
    .limit(recent);
  return { counts: counts[0], balance, list };
}
