import type { SupportRequestType, SupportStatus, WithdrawalStatus } from "@viewvault/shared";
import { and, asc, count, desc, eq, gt, ilike, isNotNull, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../db/client";
import {
  manualClaims,
  memberEnforcement,
  profiles,
  supportMessages,
  supportRequests,
  supportUnlocks,
} from "../../db/schema";

const processor = alias(profiles, "processor");

export interface SupportFilter {
  id?: string;
  userId?: string;
  status?: SupportStatus | undefined;
  type?: SupportRequestType | undefined;
  member?: string | undefined;
  /** Only withdrawals in this state (the list joins the claim; counts do not take it). */
  withdrawalStatus?: WithdrawalStatus;
}

function where(filter: SupportFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.id) parts.push(eq(supportRequests.id, filter.id));
  if (filter.userId) parts.push(eq(supportRequests.userId, filter.userId));
  if (filter.status) parts.push(eq(supportRequests.status, filter.status));
  if (filter.type) parts.push(eq(supportRequests.requestType, filter.type));
  if (filter.withdrawalStatus) parts.push(eq(manualClaims.status, filter.withdrawalStatus));
  if (filter.member) {
    const escaped = filter.member.replace(/[\\%_]/g, (c) => `\\${c}`);
    parts.push(ilike(supportRequests.username, `${escaped}%`));
  }
  return parts.length ? and(...parts) : undefined;
}

/**
 * Support requests, newest first, with their withdrawal and who processes it, and an appeal's
 * cash-out pause while it is in force (ADR 048).
 */
export async function listSupportRequests(
  db: DbOrTx,
  filter: SupportFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      request: supportRequests,
      claim: manualClaims,
      processedBy: processor.username,
      pauseReason: memberEnforcement.reason,
      pausedAt: memberEnforcement.cashoutPausedAt,
    })
    .from(supportRequests)
    .leftJoin(manualClaims, eq(manualClaims.id, supportRequests.withdrawalId))
    .leftJoin(processor, eq(processor.id, manualClaims.processedBy))
    .leftJoin(
      memberEnforcement,
      and(
        eq(memberEnforcement.appealRequestId, supportRequests.id),
        isNotNull(memberEnforcement.cashoutPausedAt),
      ),
    )
    .where(where(filter))
    .orderBy(desc(supportRequests.createdAt), desc(supportRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSupportRequests(db: DbOrTx, filter: SupportFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(supportRequests).where(where(filter));
  return row?.n ?? 0;
}

export async function insertSupportRequest(
  db: DbOrTx,
  values: typeof supportRequests.$inferInsert,
): Promise<void> {
  await db.insert(supportRequests).values(values);
}

/** Unlocks the desk for a staff session until `until` (a later unlock extends it). */
export async function saveUnlock(db: DbOrTx, sessionId: string, profileId: string, until: Date) {
  await db
    .insert(supportUnlocks)
    .values({ sessionId, profileId, unlockedUntil: until })
    .onConflictDoUpdate({ target: supportUnlocks.sessionId, set: { unlockedUntil: until } });
}

/** Until when the desk is unlocked for this session, if it still is. */
export async function unlockedUntil(
  db: DbOrTx,
  sessionId: string,
  profileId: string,
  now: Date,
): Promise<Date | null> {
  const [row] = await db
    .select({ until: supportUnlocks.unlockedUntil })
    .from(supportUnlocks)
    .where(
      and(
        eq(supportUnlocks.sessionId, sessionId),
        eq(supportUnlocks.profileId, profileId),
        gt(supportUnlocks.unlockedUntil, now),
      ),
    );
  return row?.until ?? null;
}

/** A request's thread, oldest first, with each author's username. */
export async function messagesOf(db: DbOrTx, requestId: string) {
  return db
    .select({ message: supportMessages, author: profiles.username })
    .from(supportMessages)
    .innerJoin(profiles, eq(profiles.id, supportMessages.authorId))
    .where(eq(supportMessages.requestId, requestId))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
}

export async function insertMessage(db: DbOrTx, values: typeof supportMessages.$inferInsert) {
  await db.insert(supportMessages).values(values);
}

/** Who opened a request (the member a staff reply e-mails). */
export async function requestOwner(db: DbOrTx, requestId: string) {
  const [row] = await db
    .select({ userId: supportRequests.userId })
    .from(supportRequests)
    .where(eq(supportRequests.id, requestId));
  return row?.userId;
}
