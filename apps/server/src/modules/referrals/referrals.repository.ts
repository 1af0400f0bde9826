import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  profiles,
  referralBalance,
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
      username: profiles.username,
      referredBy: profiles.referredBy,
      signupIp: profiles.signupIp,
      signupUserAgent: profiles.signupUserAgent,
      suspended: profiles.suspended,
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

const PAY_COMMISSION = functionCall(
  "vv_pay_commission",
  { p_referee: "uuid", p_credited: "bigint", p_via_conversion: "boolean", p_bps: "bigint" },
  "uuid",
);

/** vv_pay_commission (db/functions/referrals.sql): the referrer paid, or null. */
export async function callPayCommission(
  tx: DbOrTx,
  args: { referee: string; credited: bigint; viaConversion: boolean; basisPoints: bigint },
): Promise<string | null> {
  const [row] = await queryRows<{ outcome: string | null }>(
    tx,
    callSql(PAY_COMMISSION, {
      referee: args.referee,
      credited: args.credited,
      viaConversion: args.viaConversion,
      bps: args.basisPoints,
    }),
  );
  return row?.outcome ?? null;
}

const REFERRAL_COLUMNS = {
  id: referrals.id,
  referredId: profiles.id,
  username: profiles.username,
  isVerified: profiles.isVerified,
  viewsBonus: referrals.viewsBonus,
  usdtBonus: referrals.usdtBonus,
  status: referrals.status,
  createdAt: referrals.createdAt,
};

/**
 * One page of a referrer's referrals, newest first by keyset on (created_at, id) — the
 * referrals_referrer_idx range of the referrer, never OFFSET. `createdMicros` is the
 * exact cursor (a timestamp's microseconds do not survive a JavaScript Date).
 */
export async function referralPageRows(
  db: DbOrTx,
  referrerId: string,
  opts: { after?: { micros: string; id: string }; limit: number },
) {
  const after = opts.after
    ? sql`and (r.created_at, r.id) < (timestamptz 'epoch' + ${opts.after.micros}::bigint * interval '1 microsecond', ${opts.after.id}::uuid)`
    : sql``;
  const rows = await queryRows<{
    id: string;
    referredId: string;
    username: string;
    isVerified: boolean;
    viewsBonus: string;
    usdtBonus: string;
    status: "PAID" | "HELD" | "REJECTED";
    createdAt: Date | string;
    createdMicros: string;
  }>(
    db,
    sql`select r.id, p.id as "referredId", p.username, p.is_verified as "isVerified",
          r.views_bonus::text as "viewsBonus", r.usdt_bonus::text as "usdtBonus", r.status,
          r.created_at as "createdAt",
          (extract(epoch from r.created_at) * 1000000)::bigint::text as "createdMicros"
        from ${referrals} r join ${profiles} p on p.id = r.referred_user_id
        where r.referrer_user_id = ${referrerId}::uuid ${after}
        order by r.created_at desc, r.id desc limit ${opts.limit}`,
  );
  return rows.map((r) => ({
    ...r,
    viewsBonus: BigInt(r.viewsBonus),
    usdtBonus: BigInt(r.usdtBonus),
    createdAt: new Date(r.createdAt),
  }));
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
    .select(REFERRAL_COLUMNS)
    .from(referrals)
    .innerJoin(profiles, eq(profiles.id, referrals.referredUserId))
    .where(and(eq(referrals.referrerUserId, referrerId)))
    .orderBy(desc(referrals.createdAt))
    .limit(recent);
  return { counts: counts[0], balance, list };
}

/**
 * The commission a referrer earned from each of `refereeIds` (micro-USDT): the referrer's USDT
 * entries of referral_commission postings, whose counterparty is the referee.
 */
export async function commissionByReferee(
  db: DbOrTx,
  referrerId: string,
  refereeIds: string[],
): Promise<Map<string, bigint>> {
  if (refereeIds.length === 0) return new Map();
  const rows = await db
    .select({
      referee: ledgerEntries.counterpartyProfileId,
      total: sql<string>`sum(${ledgerEntries.amount})::text`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.kind, "member"),
        eq(ledgerAccounts.profileId, referrerId),
        eq(ledgerAccounts.currency, "USDT"),
        eq(ledgerTransactions.kind, "referral_commission"),
        inArray(ledgerEntries.counterpartyProfileId, refereeIds),
      ),
    )
    .groupBy(ledgerEntries.counterpartyProfileId);
  return new Map(
    rows.flatMap((row) => (row.referee ? [[row.referee, BigInt(row.total)] as const] : [])),
  );
}
