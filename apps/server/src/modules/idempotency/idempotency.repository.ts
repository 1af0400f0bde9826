import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { idempotencyKeys } from "../../db/schema";

/**
 * Claims a key inside the caller's transaction. A concurrent claim of the same key blocks on the
 * primary key until this transaction ends, then sees the stored response. Returns false when the
 * key already exists.
 */
export async function claimKey(
  tx: DbOrTx,
  values: { profileId: string; key: string; route: string; requestHash: string },
): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(tx: DbOrTx, profileId: string, key: string) {
  const [row] = await tx
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.profileId, profileId), eq(idempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function storeResponse(
  tx: DbOrTx,
  profileId: string,
  key: string,
  status: number,
  body: string,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: status, responseBody: body })
    .where(and(eq(idempotencyKeys.profileId, profileId), eq(idempotencyKeys.key, key)));
}

/** Keys are kept for a day; after that the same key is a new request. */
export async function purgeOldKeys(db: DbOrTx, olderThan: Date): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`${olderThan.toISOString()}::timestamptz`));
}
