import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../../db/client";

export async function platformCounts(db: DbOrTx) {
  const [row] = await queryRows<{
    members: number;
    confirmed: number;
    suspended: number;
    staff: number;
    held_referrals: number;
    pending_withdrawals: number;
    awaiting_approval: number;
    open_support_requests: number;
  }>(
    db,
    sql`select (select count(*)::int from profiles) as members,
               (select count(*)::int from users where email_verified) as confirmed,
               (select count(*)::int from profiles where suspended) as suspended,
               (select count(*)::int from profiles where role <> 'member') as staff,
               (select count(*)::int from referrals where status = 'HELD') as held_referrals,
               (select count(*)::int from manual_claims where status = 'SENT') as pending_withdrawals,
               (select count(*)::int from manual_claims where status = 'AWAITING_APPROVAL')
                 as awaiting_approval,
               (select count(*)::int from support_requests
                 where status <> 'COMPLETED' and request_type <> 'WITHDRAWAL') as open_support_requests`,
  );
  return row;
}
