import { and, eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { pushOutbox, pushSubscriptions } from "../../db/schema";

/** Saves a browser's subscription for the member; the same endpoint again moves to them. */
export async function upsertSubscription(
  db: DbOrTx,
  sub: {
    memberId: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    userAgent: string | null;
  },
  now: Date,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ ...sub, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        memberId: sub.memberId,
        p256dh: sub.p256dh,
        auth: sub.auth,
        userAgent: sub.userAgent,
        failures: 0,
      },
    });
}

/** Removes one of the member's subscriptions (another member's endpoint is left alone). */
export async function deleteSubscription(
  db: DbOrTx,
  memberId: string,
  endpoint: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

export async function countSubscriptions(db: DbOrTx, memberId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${pushSubscriptions} where member_id = ${memberId}::uuid`,
  );
  return row?.n ?? 0;
}

/** A claimed delivery: the notification (kind, params, the member's language) and the device. */
export interface PushDelivery {
  id: string;
  attempts: number;
  subscriptionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  notificationId: string;
  kind: string;
  params: Record<string, string>;
  locale: string;
}

/**
 * Claims up to `limit` due deliveries, pushing their next attempt `leaseMs` into the future so
 * another instance skips them — one statement, SKIP LOCKED (like the mail outbox): each claim is
 * sent by one worker once.
 */
export async function claimDueDeliveries(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<PushDelivery[]> {
  return queryRows<PushDelivery>(
    db,
    sql`with due as (
          select id from ${pushOutbox}
          where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${limit} for update skip locked
        ), claimed as (
          update ${pushOutbox} o
          set next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
              attempts = o.attempts + 1
          from due where o.id = due.id
          returning o.id, o.attempts, o.subscription_id, o.notification_id
        )
        select c.id, c.attempts, c.subscription_id as "subscriptionId", s.endpoint, s.p256dh, s.auth,
               c.notification_id as "notificationId", n.kind, n.params, p.locale
        from claimed c
        join push_subscriptions s on s.id = c.subscription_id
        join notifications n on n.id = c.notification_id
        join profiles p on p.id = n.member_id`,
  );
}

export async function markDelivered(db: DbOrTx, delivery: PushDelivery, now: Date): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ status: "sent", sentAt: now, lastError: null })
    .where(eq(pushOutbox.id, delivery.id));
  await db
    .update(pushSubscriptions)
    .set({ lastSuccessAt: now, failures: 0 })
    .where(eq(pushSubscriptions.id, delivery.subscriptionId));
}

/** The push service says the subscription is gone (404/410): it and its deliveries go. */
export async function dropSubscription(db: DbOrTx, subscriptionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
}

/**
 * A failed attempt: retried at `retryAt`, or given up (`retryAt` null). The subscription's
 * failures count up; one refused `maxFailures` times in a row is removed.
 */
export async function markFailed(
  db: DbOrTx,
  delivery: PushDelivery,
  error: string,
  retryAt: Date | null,
  maxFailures: number,
): Promise<void> {
  await db
    .update(pushOutbox)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { lastError: error.slice(0, 500), status: "failed" },
    )
    .where(eq(pushOutbox.id, delivery.id));
  const [sub] = await db
    .update(pushSubscriptions)
    .set({ failures: sql`${pushSubscriptions.failures} + 1` })
    .where(eq(pushSubscriptions.id, delivery.subscriptionId))
    .returning({ failures: pushSubscriptions.failures });
  if (sub && sub.failures >= maxFailures) await dropSubscription(db, delivery.subscriptionId);
}

export async function pushBacklog(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const rows = await queryRows<{ status: string; n: number }>(
    db,
    sql`select status, count(*)::int as n from push_outbox
        where status in ('pending', 'failed') group by status`,
  );
  return {
    pending: rows.find((r) => r.status === "pending")?.n ?? 0,
    failed: rows.find((r) => r.status === "failed")?.n ?? 0,
  };
}
