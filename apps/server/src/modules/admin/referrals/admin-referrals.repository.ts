import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../../db/client";

/** Referrals held for review and their decisions. */

export interface HeldReferralRow {
  id: string;
  status: "PAID" | "HELD" | "REJECTED";
  views_bonus: string;
  usdt_bonus: string;
  flag_reason: string | null;
  decision_reason: string | null;
  decided_at: Date | null;
  created_at: Date;
  referrer_id: string;
  referrer_username: string;
  referrer_verified: boolean;
  referrer_ip: string | null;
  referrer_ua: string | null;
  referee_id: string;
  referee_username: string;
  referee_verified: boolean;
  referee_ip: string | null;
  referee_ua: string | null;
  accounts_on_network: number;
}

const HELD_COLUMNS = sql`r.id, r.status, r.views_bonus::text, r.usdt_bonus::text, r.flag_reason,
  r.decision_reason, r.decided_at, r.created_at,
  rr.id as referrer_id, rr.username as referrer_username, rr.is_verified as referrer_verified,
  rr.signup_ip as referrer_ip, rr.signup_user_agent as referrer_ua,
  re.id as referee_id, re.username as referee_username, re.is_verified as referee_verified,
  re.signup_ip as referee_ip, re.signup_user_agent as referee_ua,
  (select count(*)::int from profiles o where re.signup_ip is not null and o.signup_ip = re.signup_ip)
    as accounts_on_network`;

/** The referrals held for review, oldest first. */
export function heldReferrals(db: DbOrTx, limit: number) {
  return queryRows<HeldReferralRow>(
    db,
    sql`select ${HELD_COLUMNS} from referrals r
        join profiles rr on rr.id = r.referrer_user_id
        join profiles re on re.id = r.referred_user_id
        where r.status = 'HELD' order by r.created_at limit ${limit}`,
  );
}

export async function referralById(db: DbOrTx, id: string) {
  const [row] = await queryRows<HeldReferralRow>(
    db,
    sql`select ${HELD_COLUMNS} from referrals r
        join profiles rr on rr.id = r.referrer_user_id
        join profiles re on re.id = r.referred_user_id
        where r.id = ${id}::uuid`,
  );
  return row;
}

/** HELD → REJECTED, once: null when the referral is not (or no longer) held. */
export async function rejectHeldReferral(
  tx: DbOrTx,
  id: string,
  actor: string,
  reason: string,
): Promise<{ id: string; referred_user_id: string } | null> {
  const [row] = await queryRows<{ id: string; referred_user_id: string }>(
    tx,
    sql`update referrals set status = 'REJECTED', decided_by = ${actor}::uuid, decided_at = now(),
          decision_reason = ${reason}
        where id = ${id}::uuid and status = 'HELD' returning id, referred_user_id`,
  );
  return row ?? null;
}

export async function referralExists(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from referrals where id = ${id}::uuid`,
  );
  return rows.length > 0;
}
