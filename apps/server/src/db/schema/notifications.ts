import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * A member's notifications (ADR 059): one row per event, written by `vv_notify`
 * (db/functions/notifications.sql) in the same transaction as its cause. The text is not stored:
 * the kind and its parameters are rendered in the reader's language when shown.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    // The inbox's keyset: a member's newest first (created_at, id), all kinds or one.
    index("notifications_member_created_idx").on(t.memberId, t.createdAt.desc(), t.id.desc()),
    index("notifications_member_kind_created_idx").on(
      t.memberId,
      t.kind,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // The bell: counts only the unread.
    index("notifications_unread_idx").on(t.memberId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * A member's channels for one kind, when they chose otherwise than the kind's defaults
 * (NOTIFICATION_KINDS in packages/shared; no row = the defaults). The inbox is always on.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    memberId: uuid("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    email: boolean("email").notNull(),
    push: boolean("push").notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.kind] })],
);

/** A browser's Web Push subscription (one per device and browser profile). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    failures: integer("failures").notNull().default(0),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_member_idx").on(t.memberId),
  ],
);

/**
 * Pushes to send, like the mail outbox: `vv_notify` writes one per subscription of a member who
 * chose push for the kind; the push job claims due rows (SKIP LOCKED), sends, and retries with
 * backoff. A delivery whose subscription is gone is deleted with it.
 */
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => notifications.id, { onDelete: "cascade" }),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("push_outbox_due_idx").on(t.status, t.nextAttemptAt).where(sql`${t.status} <> 'sent'`),
    index("push_outbox_notification_idx").on(t.notificationId),
    index("push_outbox_subscription_idx").on(t.subscriptionId),
  ],
);
