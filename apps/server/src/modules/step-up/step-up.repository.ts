import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { staffConfirmations } from "../../db/schema";

/** When this session last confirmed the password or a 2FA code, or null. */
export async function stepUpOf(db: DbOrTx, sessionId: string): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date }>(
    db,
    sql`select confirmed_at as at from staff_confirmations where session_id = ${sessionId}`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function recordStepUp(db: DbOrTx, sessionId: string, at: Date): Promise<void> {
  await db
    .insert(staffConfirmations)
    .values({ sessionId, confirmedAt: at })
    .onConflictDoUpdate({ target: staffConfirmations.sessionId, set: { confirmedAt: at } });
}
