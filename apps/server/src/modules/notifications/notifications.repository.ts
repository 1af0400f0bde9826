import type { TNotificationKind } from "@viewvault/shared";
import { and, count, desc, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";
import { notificationPreferences, notifications } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * vv_notify (db/functions/notifications.sql): the notification, its e-mail and push deliveries
 * as the member chose, in the caller's transaction — so it commits exactly with its cause.
 */
const NOTIFY = functionCall(
  "vv_notify",
  { p_member: "uuid", p_kind: "text", p_params: "jsonb", p_now: "timestamptz?" },
  "uuid",
);

export async function notify(
  tx: DbOrTx,
  member: string,
  kind: TNotificationKind,
  params: Record<string, string>,
  /** The cause's clock; null: the database's (the cause's own times come from now()). */
  now: Date | null,
): Promise<void> {
  await tx.execute(callSql(NOTIFY, { member, kind, params: JSON.stringify(params), now }));
}

/** Keyset position: the last item's (created_at as PostgreSQL wrote it, to the microsecond; id). */
export interface NotificationCursor {
  createdAt: string;
  id: string;
}

/** A member's notifications, newest first, after `cursor`, one kind or all; `limit + 1` read. */
export async function listNotifications(
  db: DbOrTx,
  member: string,
  opts: {
    kind?: TNotificationKind | undefined;
    cursor?: NotificationCursor | undefined;
    limit: number;
  },
): Promise<Array<NotificationRow & { at: string }>> {
  const parts: SQL[] = [eq(notifications.memberId, member)];
  if (opts.kind) parts.push(eq(notifications.kind, opts.kind));
  if (opts.cursor) {
    const at = sql`${opts.cursor.createdAt}::timestamptz`;
    parts.push(
      or(
        lt(notifications.createdAt, at),
        and(eq(notifications.createdAt, at), lt(notifications.id, opts.cursor.id)),
      ) as SQL,
    );
  }
  return db
    .select({
      id: notifications.id,
      memberId: notifications.memberId,
      kind: notifications.kind,
      params: notifications.params,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
      at: sql<string>`${notifications.createdAt}::text`,
    })
    .from(notifications)
    .where(and(...parts))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(opts.limit + 1);
}

export async function countUnread(db: DbOrTx, member: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.memberId, member), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks one of the member's notifications read; false when it is not theirs (or not there). */
export async function markRead(
  db: DbOrTx,
  member: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.memberId, member)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the member read; returns how many. */
export async function markAllRead(db: DbOrTx, member: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.memberId, member), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function readPreferences(
  db: DbOrTx,
  member: string,
): Promise<Array<{ kind: string; email: boolean; push: boolean }>> {
  return db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.memberId, member));
}

export async function upsertPreferences(
  db: DbOrTx,
  member: string,
  preferences: Array<{ kind: string; email: boolean; push: boolean }>,
): Promise<void> {
  if (!preferences.length) return;
  await db
    .insert(notificationPreferences)
    .values(preferences.map((p) => ({ memberId: member, ...p })))
    .onConflictDoUpdate({
      target: [notificationPreferences.memberId, notificationPreferences.kind],
      set: {
        email: sql`excluded.email`,
        push: sql`excluded.push`,
      },
    });
}
