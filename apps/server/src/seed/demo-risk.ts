import { INVITE, REFERRAL } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { systemClock } from "../lib/clock";
import { createAccount } from "../modules/auth/create-account";
import { findReferralByReferee, insertReferral } from "../modules/referrals/referrals.repository";
import { recomputeMemberRisk } from "../modules/risk/risk.service";
import { deviceKeyFrom, recordSignal } from "../modules/risk/signals";
import type { SeedOptions } from "./seed-options";

/**
 * A small farm for the fraud queue (ADR 048, ADR 071): three demo members who signed in and
 * started watching from one network without the app's device signal (a script, not the app), the
 * first having invited the other two from that network (their referrals held as suspicious, as
 * sign-up does) — so /admin/fraud is not empty on `npm start`. Sharing alone would not make them
 * high risk; the referral ties are the behaviour. Their signals are dated now at every start (the
 * window is RISK_SIGNALS.windowDays), so the cluster stays visible.
 */
export const DEMO_CLUSTER = ["farm_ana", "farm_bia", "farm_caio"] as const;
const ADDRESS = "100.64.23.";

export async function seedDemoRisk(db: Db, opts: SeedOptions): Promise<void> {
  const key = deviceKeyFrom(opts.authSecret ?? "demo");
  const now = systemClock.now();
  const created: string[] = [];
  const ids: string[] = [];
  for (const [i, username] of DEMO_CLUSTER.entries()) {
    const { profile, created: isNew } = await createAccount(db, {
      username,
      email: `${username.replace("_", ".")}@viewvault.local`,
      password: `${username}-password-1`,
      role: "member",
      locale: i % 2 ? "pt-BR" : "en",
      referredBy: ids[0] ?? null,
    });
    if (isNew) created.push(username);
    ids.push(profile.id);
    const referrer = ids[0] as string;
    if (i > 0 && !(await findReferralByReferee(db, profile.id))) {
      // Accounts seeded before the farm had its referrals are given them too.
      await db.execute(
        sql`update profiles set referred_by = ${referrer}::uuid
            where id = ${profile.id}::uuid and referred_by is null`,
      );
      await insertReferral(db, {
        referrerUserId: referrer,
        referredUserId: profile.id,
        viewsBonus: REFERRAL.signupRewardViews,
        usdtBonus: INVITE.signupBonusMicroUsdt,
        status: "HELD",
        flagReason: `same network (${ADDRESS}20)`,
      });
    }
    const [recent] = await queryRows<{ n: number }>(
      db,
      sql`select 1 as n from member_signals
          where member_id = ${profile.id}::uuid and ref_id = 'demo-seed'
            and created_at > ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz`,
    );
    if (recent) continue;
    await recordSignal(db, key, {
      memberId: profile.id,
      kind: "watch_session",
      refId: "demo-seed",
      deviceId: null,
      address: `${ADDRESS}${20 + i}`,
      userAgent: "node",
      at: now,
    });
  }
  for (const id of ids) await recomputeMemberRisk(db, systemClock, id);
  if (created.length) opts.log(`demo fraud cluster created: ${created.join(", ")}`);
}
