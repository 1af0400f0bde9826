import { lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";

// Keys are claimed and answered by the money commands themselves (vv_idempotency_claim,
// vv_answer in db/functions/00-common.sql), in the same statement as the effect.

/** Keys are kept for a day; after that the same key is a new request. */
export async function purgeOldKeys(db: DbOrTx, olderThan: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`${olderThan.toISOString()}::timestamptz`));
}
