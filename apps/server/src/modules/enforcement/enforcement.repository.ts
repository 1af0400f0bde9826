import type { TDeskReviewRequest } from "@viewvault/shared";
import { eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { memberEnforcement } from "../../db/schema";

/**
 * member_enforcement: a member's cash-out pause, their appeal, the last review (ADR 048) and
 * support's open request for one (ADR 071).
 */

export type EnforcementRow = typeof memberEnforcement.$inferSelect;

export async function enforcementOf(
  db: DbOrTx,
  memberId: string,
): Promise<EnforcementRow | undefined> {
  const [row] = await db
    .select()
    .from(memberEnforcement)
    .where(eq(memberEnforcement.memberId, memberId));
  return row;
}

/** The member's row, locked for the rest of the transaction (created empty when missing). */
export async function lockEnforcement(
  tx: DbOrTx,
  memberId: string,
  at: Date,
): Promise<EnforcementRow> {
  await tx
    .insert(memberEnforcement)
    .values({ memberId, updatedAt: at })
    .onConflictDoNothing({ target: memberEnforcement.memberId });
  const [row] = await tx
    .select()
    .from(memberEnforcement)
    .where(eq(memberEnforcement.memberId, memberId))
    .for("update");
  return row as EnforcementRow;
}

export async function updateEnforcement(
  tx: DbOrTx,
  memberId: string,
  set: Partial<Omit<EnforcementRow, "memberId">> & { updatedAt: Date },
): Promise<void> {
  await tx.update(memberEnforcement).set(set).where(eq(memberEnforcement.memberId, memberId));
}

/** Is cash-out paused for the member? Read with a share lock inside a money transaction. */
export async function pausedReason(tx: DbOrTx, memberId: string): Promise<string | null> {
  const [row] = await queryRows<{ reason: string | null }>(
    tx,
    sql`select reason from member_enforcement
        where member_id = ${memberId}::uuid and cashout_paused_at is not null
        for share`,
  );
  return row ? (row.reason ?? "") : null;
}

/**
 * Support's open request for an admin's review (ADR 071) as the reads select it: `e` is the
 * member's member_enforcement row; the query joins REVIEW_REQUESTER for the asker's username.
 */
export const REVIEW_REQUEST_COLUMNS = sql`e.review_requested_at, e.review_requested_by,
  rq.username as review_requested_by_username, e.review_request_note`;
export const REVIEW_REQUESTER = sql`left join profiles rq on rq.id = e.review_requested_by`;

export interface ReviewRequestRow {
  review_requested_at: string | Date | null;
  review_requested_by: string | null;
  review_requested_by_username: string | null;
  review_request_note: string | null;
}

/** The open review request of a row read with REVIEW_REQUEST_COLUMNS, or null. */
export function reviewRequestOf(row: ReviewRequestRow): TDeskReviewRequest | null {
  if (row.review_requested_at === null) return null;
  return {
    requestedAt: new Date(row.review_requested_at).toISOString(),
    requestedBy:
      row.review_requested_by && row.review_requested_by_username
        ? { id: row.review_requested_by, username: row.review_requested_by_username }
        : null,
    note: row.review_request_note,
  };
}

/** The member's open review request, or null (ADR 071). */
export async function openReviewRequest(
  db: DbOrTx,
  memberId: string,
): Promise<TDeskReviewRequest | null> {
  const [row] = await queryRows<ReviewRequestRow>(
    db,
    sql`select ${REVIEW_REQUEST_COLUMNS} from member_enforcement e ${REVIEW_REQUESTER}
        where e.member_id = ${memberId}::uuid`,
  );
  return row ? reviewRequestOf(row) : null;
}

/** What closes an open review request (the admin's clear or pause, in its transaction). */
export const REVIEW_REQUEST_CLOSED = {
  reviewRequestedAt: null,
  reviewRequestedBy: null,
  reviewRequestNote: null,
} as const;
