import { and, eq, inArray, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof mailOutbox.$inferInsert,
  "to" | "subject" | "text" | "html" | "kind"
>;

/**
 * Queues a message, due at `now` (the caller's clock, so retries and tests share one clock),
 * linked to the member whose address it goes to (the data export lists it; a message written
 * before the profile exists is linked when the profile is created).
 */
export async function insertOutboxMessage(
  db: DbOrTx,
  message: NewOutboxMessage,
  now: Date,
): Promise<OutboxRow> {
  // Both spellings through the unique index on users.email (Better Auth keeps addresses lower-case).
  const profileId = sql<
    string | null
  >`(select p.id from profiles p join users u on u.id = p.auth_uid
    where u.email = ${message.to} or u.email = lower(${message.to}) limit 1)`;
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, nextAttemptAt: now, profileId })
    .returning();
  if (!row) throw new Error("outbox insert returned no row");
  return row;
}

export type OutboxMessage = OutboxRow & {
  /** The language of the member a notice is for (rendered at delivery), else null. */
  locale: string | null;
};

const withLocale = sql`(select p.locale from profiles p where p.id = m.profile_id) as locale`;

/**
 * Claims up to `limit` messages that are due, pushing their next attempt into the future so a
 * concurrent worker (another instance) skips them — one statement, SKIP LOCKED on PostgreSQL.
 */
export async function claimDueMessages(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<OutboxMessage[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with due as (
          select id from ${mailOutbox}
          where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
          order by next_attempt_at limit ${limit} for update skip locked
        )
        update ${mailOutbox} m
        set next_attempt_at = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
            attempts = m.attempts + 1
        from due where m.id = due.id
        returning m.*, ${withLocale}`,
  );
  return rows.map(toMessage);
}

/**
 * Without SMTP (the development mailbox): takes up to `limit` due messages and marks them kept
 * (sent) in the same statement — one write per message instead of a claim and then a mark
 * (ADR 039). SKIP LOCKED, so another instance takes other messages.
 */
export async function keepDueMessages(
  db: DbOrTx,
  now: Date,
  limit: number,
): Promise<OutboxMessage[]> {
  const at = now.toISOString();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`with due as (
          select id from ${mailOutbox}
          where status = 'pending' and next_attempt_at <= ${at}::timestamptz
          order by next_attempt_at limit ${limit} for update skip locked
        )
        update ${mailOutbox} m
        set status = 'sent', sent_at = ${at}::timestamptz, last_error = null,
            attempts = m.attempts + 1
        from due where m.id = due.id
        returning m.*, ${withLocale}`,
  );
  return rows.map(toMessage);
}

function toMessage(r: Record<string, unknown>): OutboxMessage {
  const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));
  return {
    id: String(r.id),
    to: String(r.to),
    subject: (r.subject as string | null) ?? null,
    text: (r.text as string | null) ?? null,
    html: (r.html as string | null) ?? null,
    kind: String(r.kind),
    template: (r.template as string | null) ?? null,
    params: (r.params as Record<string, string> | null) ?? null,
    profileId: (r.profile_id as string | null) ?? null,
    status: r.status as OutboxRow["status"],
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    nextAttemptAt: date(r.next_attempt_at) as Date,
    createdAt: date(r.created_at) as Date,
    sentAt: date(r.sent_at),
    locale: (r.locale as string | null) ?? null,
  };
}

/**
 * Gives claimed messages that were not attempted back to the outbox: due at `now`, the claim's
 * attempt not counted. Only rows still pending (never one another worker finished).
 */
export async function releaseClaims(db: DbOrTx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: now, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, "pending")));
}

/** Sent (and, for a notice rendered at delivery, what it read), in one statement. */
export async function markSent(
  db: DbOrTx,
  id: string,
  now: Date,
  rendered?: { subject: string; text: string; html: string },
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null, ...(rendered ?? {}) })
    .where(eq(mailOutbox.id, id));
}

/** Records a failed attempt: retried at `retryAt`, or given up (status failed) when null. */
export async function markAttemptFailed(
  db: DbOrTx,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set(
      retryAt
        ? { lastError: error.slice(0, 500), nextAttemptAt: retryAt }
        : { status: "failed", lastError: error.slice(0, 500) },
    )
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMessages(db: DbOrTx, limit: number): Promise<OutboxMessage[]> {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select m.*, ${withLocale} from ${mailOutbox} m order by m.created_at desc limit ${limit}`,
  );
  return rows.map(toMessage);
}

/**
 * The outbox backlog for the metrics scrape: messages waiting (pending) or given up (failed), and
 * how long the oldest pending one has waited. Reads only those rows, through the status index.
 */
export async function outboxBacklog(
  db: DbOrTx,
): Promise<{ pending: number; failed: number; oldestPendingAt: Date | null }> {
  const rows = await queryRows<{ status: string; n: number; oldest: string | Date | null }>(
    db,
    sql`select status, count(*)::int as n, min(created_at) as oldest
        from mail_outbox where status in ('pending', 'failed') group by status`,
  );
  const pending = rows.find((r) => r.status === "pending");
  const failed = rows.find((r) => r.status === "failed");
  return {
    pending: pending?.n ?? 0,
    failed: failed?.n ?? 0,
    oldestPendingAt: pending?.oldest ? new Date(pending.oldest) : null,
  };
}
