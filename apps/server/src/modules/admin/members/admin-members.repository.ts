import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../../db/client";

/** The admin console's member search and member page. */

export interface MemberSearchRow {
  id: string;
  username: string;
  email: string;
  role: "member" | "support" | "admin";
  suspended: boolean;
  email_verified: boolean;
  created_at: Date;
  key: string;
}

const MEMBER_COLUMNS = sql`p.id, p.username, u.email, p.role, p.suspended, u.email_verified,
  p.created_at`;

/**
 * Members by exact id, by e-mail prefix or by username prefix (lower-cased), in the order of that
 * column after `after`: each an index range scan on a text_pattern_ops index that also yields
 * the order (`using ~<~`), so a page costs the same for any prefix and any depth (ADR 027).
 */
export async function searchMembers(
  db: DbOrTx,
  query: { by: "id" | "email" | "username"; value: string; after: string; limit: number },
): Promise<MemberSearchRow[]> {
  if (query.by === "id") {
    return queryRows<MemberSearchRow>(
      db,
      sql`select ${MEMBER_COLUMNS}, lower(p.username) as key
          from profiles p join users u on u.id = p.auth_uid where p.id = ${query.value}::uuid`,
    );
  }
  const like = `${query.value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (query.by === "email") {
    return queryRows<MemberSearchRow>(
      db,
      sql`select ${MEMBER_COLUMNS}, lower(u.email) as key
          from users u join profiles p on p.auth_uid = u.id
          where lower(u.email) like ${like} and lower(u.email) ~>~ ${query.after}
          order by lower(u.email) using ~<~ limit ${query.limit}`,
    );
  }
  return queryRows<MemberSearchRow>(
    db,
    sql`select ${MEMBER_COLUMNS}, lower(p.username) as key
        from profiles p join users u on u.id = p.auth_uid
        where lower(p.username) like ${like} and lower(p.username) ~>~ ${query.after}
        order by lower(p.username) using ~<~ limit ${query.limit}`,
  );
}

export async function memberDetailRow(db: DbOrTx, id: string) {
  const [row] = await queryRows<
    MemberSearchRow & {
      is_verified: boolean;
      locale: "en" | "pt-BR";
      two_factor_enabled: boolean | null;
      wallet_address: string | null;
      wallet_network: string | null;
      signup_ip: string | null;
      signup_user_agent: string | null;
      auth_uid: string;
      referred_by: string | null;
    }
  >(
    db,
    sql`select ${MEMBER_COLUMNS}, p.is_verified, p.locale, u.two_factor_enabled, p.wallet_address,
          p.wallet_network, p.signup_ip, p.signup_user_agent, p.auth_uid, p.referred_by
        from profiles p join users u on u.id = p.auth_uid where p.id = ${id}::uuid`,
  );
  return row;
}

export function recentLedgerOf(db: DbOrTx, profileId: string, limit: number) {
  return queryRows<{
    id: string;
    kind: string;
    currency: "VIEWS" | "USDT";
    amount: string;
    balance_after: string | null;
    created_at: Date;
  }>(
    db,
    sql`select e.id::text, t.kind, e.currency, e.amount::text, e.balance_after::text, t.created_at
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.profile_id = ${profileId}::uuid
        order by e.id desc limit ${limit}`,
  );
}

export function liveSessionsOf(db: DbOrTx, authUid: string, now: Date) {
  return queryRows<{
    id: string;
    ip_address: string | null;
    user_agent: string | null;
    created_at: Date;
    expires_at: Date;
  }>(
    db,
    sql`select id, ip_address, user_agent, created_at, expires_at from sessions
        where user_id = ${authUid} and expires_at > ${now.toISOString()}::timestamptz
        order by created_at desc limit 50`,
  );
}

export function memberRef(db: DbOrTx, id: string) {
  return queryRows<{ id: string; username: string; is_verified: boolean }>(
    db,
    sql`select id, username, is_verified from profiles where id = ${id}::uuid`,
  );
}

export function referralsMadeBy(db: DbOrTx, referrerId: string) {
  return queryRows<{
    id: string;
    referee_id: string;
    username: string;
    is_verified: boolean;
    status: "PAID" | "HELD" | "REJECTED";
    created_at: Date;
  }>(
    db,
    sql`select r.id, p.id as referee_id, p.username, p.is_verified, r.status, r.created_at
        from referrals r join profiles p on p.id = r.referred_user_id
        where r.referrer_user_id = ${referrerId}::uuid order by r.created_at desc limit 50`,
  );
}

/** Sign-ups and sign-ins of a member: addresses (with how many accounts signed up there) and devices. */
export async function networkEvidence(db: DbOrTx, profileId: string) {
  return queryRows<{ ip: string; accounts: number }>(
    db,
    sql`select ip, (select count(*)::int from profiles o where o.signup_ip = ip) as accounts
        from (select p.signup_ip as ip from profiles p where p.id = ${profileId}::uuid
              and p.signup_ip is not null
              union
              select s.ip_address from sessions s join profiles p on p.auth_uid = s.user_id
              where p.id = ${profileId}::uuid and s.ip_address is not null) a`,
  );
}
