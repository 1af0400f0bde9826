import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../src/db/client";
import { grantSignupRewards } from "../../src/modules/referrals/referrals.service";
import { type FactoryMember, memberFactory } from "./member.factory";

/**
 * A referral held for review: the invited member signed up from the referrer's address, so the
 * sign-up rewards wait for staff (approve or reject).
 */
export async function heldReferral(
  db: Db,
): Promise<{ id: string; referrer: FactoryMember; referee: FactoryMember }> {
  const referrer = await memberFactory.create({}, { transient: { db } });
  const referee = await memberFactory.create(
    { referredBy: referrer.profile.id, signupIp: referrer.profile.signupIp },
    { transient: { db } },
  );
  const granted = await grantSignupRewards(db, referee.profile.id);
  if (granted.outcome !== "held") throw new Error(`referral ${granted.outcome}, not held`);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from referrals where referred_user_id = ${referee.profile.id}`,
  );
  if (!row) throw new Error("no referral");
  return { id: row.id, referrer, referee };
}
