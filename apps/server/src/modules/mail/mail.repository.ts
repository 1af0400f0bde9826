import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMessage = Pick<
  typeof mailOutbox.$inferInsert,
  "to" | "subject" | "text" | "html" | "kind"
>;

/** Queues a message, due at `now` (the caller's clock, so retries and tests share one clock). */
export async function insertOutboxMessage(
  db: DbOrTx,
  message: NewOutboxMessage,
  now: Date,
): Promise<OutboxRow> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...message, nextAttemptAt: now })
    .returning();
  if (!row) throw new Error("outbox insert returned no row");
  return row;
}

/**
 * Claims up to `limit` messages that are due, pushing their next attempt into the future so a
 * concurrent worker (another instance) skips them. On PostgreSQL the claim is SKIP LOCKED.
 */
export async function claimDueMessages(
  db: DbOrTx,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(mailOutbox)
      .set({
        nextAttemptAt: new Date(now.getTime() + leaseMs),
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(
        inArray(
          mailOutbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export async function markSent(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ status: "sent", sentAt: now, lastError: null })
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

export async function listRecentMessages(db: DbOrTx, limit: number): Promise<OutboxRow[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
