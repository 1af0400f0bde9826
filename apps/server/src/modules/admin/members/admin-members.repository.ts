import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { auditEvents, staffConfirmations } from "../../db/schema";

/** Staff actions: the audit trail, member search and detail, held referrals, step-up times. */

/** One staff action for the append-only audit log (ADR 023, ADR 029). */
export interface AuditEventInput {
  actorProfileId: string | null;
  actorRole?: string | null;
  action: string;
  targetProfileId: string | null;
  /** What the action touched besides a member: "withdrawal", "support_request" … and its id. */
  targetType?: string | null;
  targetId?: string | null;
  reason?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  address?: string | null;
  createdAt?: Date;
  details?: Record<string, unknown>;
}

export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
}

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

export interface AuditRow {
  id: string;
  actor_id: string | null;
  actor_username: string | null;
  actor_verified: boolean | null;
  actor_role: string | null;
  action: string;
  target_id: string | null;
  target_username: string | null;
  target_verified: boolean | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
  created_at: Date;
}

/** Audit events, newest first, filtered by actor, target (profile ids) and action. */
export function auditEventsWhere(
  db: DbOrTx,
  filter: {
    actor?: string | undefined;
    target?: string | undefined;
    action?: string | undefined;
    before?: { at: Date; id: string } | undefined;
    limit: number;
  },
) {
  const conditions = [sql`true`];
  if (filter.actor) conditions.push(sql`e.actor_profile_id = ${filter.actor}::uuid`);
  if (filter.target) conditions.push(sql`e.target_profile_id = ${filter.target}::uuid`);
  if (filter.action) conditions.push(sql`e.action = ${filter.action}`);
  if (filter.before) {
    conditions.push(
      sql`(e.created_at, e.id) < (${filter.before.at.toISOString()}::timestamptz, ${filter.before.id}::uuid)`,
    );
  }
  return queryRows<AuditRow>(
    db,
    sql`select e.id, a.id as actor_id, a.username as actor_username, a.is_verified as actor_verified,
          e.actor_role, e.action, t.id as target_id, t.username as target_username,
          t.is_verified as target_verified, e.reason, e.before, e.after, e.address, e.created_at
        from audit_events e
        left join profiles a on a.id = e.actor_profile_id
        left join profiles t on t.id = e.target_profile_id
        where ${sql.join(conditions, sql` and `)}
        order by e.created_at desc, e.id desc limit ${filter.limit}`,
  );
}

/** A profile id by exact id or username (audit filters accept either). */
export async function profileIdOf(db: DbOrTx, value: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
      ? sql`select id from profiles where id = ${value}::uuid`
      : sql`select id from profiles where lower(username) = lower(${value.replace(/^@/, "")})`,
  );
  return row?.id ?? null;
}

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

/** When this session last confirmed the password or a 2FA code, or null. */
export async function stepUpOf(db: DbOrTx, sessionId: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date }>(
    db,
    sql`select confirmed_at as at from staff_confirmations where session_id = ${sessionId}`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function recordStepUp(db: DbOrTx, sessionId: string, at: Date): Promise<void> {
  await db
    .insert(staffConfirmations)
    .values({ sessionId, confirmedAt: at })
    .onConflictDoUpdate({ target: staffConfirmations.sessionId, set: { confirmedAt: at } });
}
