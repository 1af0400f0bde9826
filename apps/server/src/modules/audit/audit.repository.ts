import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { auditEvents } from "../../db/schema";

/** The append-only audit log of staff actions: written by admin and support, read by the console. */

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
  /** The command's clock, as `vv_audit` writes it: one clock orders the whole log. */
  createdAt: Date;
  details?: Record<string, unknown>;
}

export async function recordAuditEvent(db: DbOrTx, event: AuditEventInput): Promise<void> {
  await db.insert(auditEvents).values({ ...event, details: event.details ?? {} });
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
  target_type: string | null;
  target_ref: string | null;
  reason: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  details: Record<string, unknown> | null;
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
          t.is_verified as target_verified, e.target_type, e.target_id as target_ref, e.reason,
          e.before, e.after, e.details, e.address, e.created_at
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

/** Usernames (and verified marks) of the given profile ids. */
export function membersByIds(db: DbOrTx, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return queryRows<{ id: string; username: string; is_verified: boolean }>(
    db,
    sql`select id, username, is_verified from profiles
        where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
}
