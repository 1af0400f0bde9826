import {
  dailySchedule,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_KINDS,
  NOTIFICATIONS,
  type TNotification,
  type TNotificationKind,
  type TNotificationPreferences,
  type TNotificationsPage,
  type TNotificationsQuery,
  type TUnreadCount,
  type TUpdateNotificationPreferences,
} from "@viewvault/shared";
import { type Db, type DbOrTx, queryRows } from "../../db/client";
import { callSql, functionCall } from "../../db/function-call";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
  type NotificationCursor,
  notify,
  readPreferences,
  upsertPreferences,
} from "./notifications.repository";

/** "<created_at as PostgreSQL wrote it>|<id>", base64url: opaque to the client. */
export function encodeCursor(cursor: NotificationCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, "utf8").toString("base64url");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PG_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/** A cursor this server wrote, or a VALIDATION_FAILED refusal (never a database error). */
export function decodeCursor(value: string): NotificationCursor {
  const [createdAt = "", id = ""] = Buffer.from(value, "base64url").toString("utf8").split("|");
  if (
    !PG_TIME.test(createdAt) ||
    !UUID.test(id) ||
    Number.isNaN(Date.parse(createdAt.replace(" ", "T").replace(/([+-]\d{2})$/, "$1:00")))
  )
    throw new AppError("VALIDATION_FAILED", {}, { field: "cursor" });
  return { createdAt, id };
}

const isKind = (kind: string): kind is TNotificationKind => kind in NOTIFICATION_KINDS;

/** The member's inbox page: newest first, by keyset; the unread count with it. */
export async function listOwnNotifications(
  db: Db,
  member: string,
  query: TNotificationsQuery,
): Promise<TNotificationsPage> {
  const limit = query.limit ?? NOTIFICATIONS.pageSize;
  const rows = await listNotifications(db, member, {
    kind: query.kind,
    cursor: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items: TNotification[] = page
    .filter((row) => isKind(row.kind))
    .map((row) => ({
      id: row.id,
      kind: row.kind as TNotificationKind,
      params: row.params ?? {},
      createdAt: row.createdAt.toISOString(),
      readAt: row.readAt ? row.readAt.toISOString() : null,
    }));
  return {
    items,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ createdAt: last.at, id: last.id }) : null,
    unread: await countUnread(db, member),
  };
}

export async function unreadCount(db: Db, member: string): Promise<TUnreadCount> {
  return { unread: await countUnread(db, member) };
}

/** Marks one of the member's own notifications read; another member's is NOT_FOUND. */
export async function markOwnRead(
  db: Db,
  clock: Clock,
  member: string,
  id: string,
): Promise<TUnreadCount> {
  if (!(await markRead(db, member, id, clock.now())))
    throw new AppError("NOT_FOUND", { context: "notification" });
  return unreadCount(db, member);
}

export async function markAllOwnRead(db: Db, clock: Clock, member: string): Promise<TUnreadCount> {
  await markAllRead(db, member, clock.now());
  return unreadCount(db, member);
}

/** Every kind's channels for the member: their choice, else the kind's defaults. */
export async function ownPreferences(db: Db, member: string): Promise<TNotificationPreferences> {
  const chosen = new Map((await readPreferences(db, member)).map((p) => [p.kind, p]));
  return {
    preferences: NOTIFICATION_KIND_NAMES.map((kind) => {
      const row = chosen.get(kind);
      const defaults = NOTIFICATION_KINDS[kind];
      return {
        kind,
        email: row?.email ?? defaults.email,
        push: row?.push ?? defaults.push,
      };
    }),
  };
}

export async function updateOwnPreferences(
  db: Db,
  member: string,
  body: TUpdateNotificationPreferences,
): Promise<TNotificationPreferences> {
  await upsertPreferences(db, member, body.preferences);
  return ownPreferences(db, member);
}

/**
 * Tells a member, inside the caller's transaction (vv_notify): the notification commits exactly
 * with its cause. Other modules call this, never the repository.
 */
export async function notifyMember(
  tx: DbOrTx,
  member: string,
  kind: TNotificationKind,
  params: Record<string, string>,
  now: Date | null,
): Promise<void> {
  await notify(tx, member, kind, params, now);
}

/** The kinds Settings' former "transactions" e-mail switch covered (migration 0040). */
export const TRANSACTION_EMAIL_KINDS = ["transferReceived", "offerSold"] as const;

/**
 * The former "transactions" e-mail switch (PUT /api/me/notifications, kept for older clients):
 * sets the e-mail channel of the kinds it covered, keeping their push choice.
 */
export async function setTransactionEmails(db: Db, member: string, on: boolean): Promise<void> {
  const current = (await ownPreferences(db, member)).preferences;
  await upsertPreferences(
    db,
    member,
    current
      .filter((p) => (TRANSACTION_EMAIL_KINDS as readonly string[]).includes(p.kind))
      .map((p) => ({ ...p, email: on })),
  );
}

const DAILY_PRIZE = functionCall(
  "vv_notify_daily_prize",
  { p_date: "text", p_minutes: "int", p_now: "timestamptz" },
  "int",
);

/**
 * The reminder job's step (every minute): within NOTIFICATIONS.dailyPrizeLeadMinutes before
 * today's prize opens (13:00 Los Angeles, DST-aware), tells the members who asked for it, once
 * per date. Returns how many were told.
 */
export async function notifyDailyPrizeOpening(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const schedule = dailySchedule(now);
  const left = schedule.opensAt.getTime() - now.getTime();
  if (schedule.open || left <= 0 || left > NOTIFICATIONS.dailyPrizeLeadMinutes * 60_000) return 0;
  const [row] = await queryRows<{ outcome: number }>(
    db,
    callSql(DAILY_PRIZE, { date: schedule.date, minutes: Math.ceil(left / 60_000), now }),
  );
  return row?.outcome ?? 0;
}
