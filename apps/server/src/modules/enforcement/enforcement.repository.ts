import { eq, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { memberEnforcement } from "../../db/schema";

/** member_enforcement: a member's cash-out pause, their appeal and the last review (ADR 048). */

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
