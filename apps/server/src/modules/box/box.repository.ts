import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { boxCommitments, boxOpenings } from "../../db/schema";

export type CommitmentRow = typeof boxCommitments.$inferSelect;
export type OpeningRow = typeof boxOpenings.$inferSelect;

export async function findCommitment(
  db: DbOrTx,
  profileId: string,
): Promise<CommitmentRow | undefined> {
  const [row] = await db
    .select()
    .from(boxCommitments)
    .where(eq(boxCommitments.profileId, profileId));
  return row;
}

/** Creates the member's first commitment unless one exists; answers the one that exists. */
export async function insertCommitment(
  db: DbOrTx,
  row: { profileId: string; serverSeed: string; serverSeedHash: string; clientSeed: string },
): Promise<CommitmentRow> {
  await db.insert(boxCommitments).values(row).onConflictDoNothing();
  const existing = await findCommitment(db, row.profileId);
  if (!existing) throw new Error("box commitment missing after insert");
  return existing;
}

export async function updateClientSeed(
  db: DbOrTx,
  profileId: string,
  clientSeed: string,
  now: Date,
): Promise<CommitmentRow | undefined> {
  const [row] = await db
    .update(boxCommitments)
    .set({ clientSeed, updatedAt: now })
    .where(eq(boxCommitments.profileId, profileId))
    .returning();
  return row;
}

export async function recentOpenings(
  db: DbOrTx,
  profileId: string,
  limit: number,
): Promise<OpeningRow[]> {
  // A member's nonce only grows (unique per member): newest first, on that index (ADR 039).
  return db
    .select()
    .from(boxOpenings)
    .where(eq(boxOpenings.profileId, profileId))
    .orderBy(desc(boxOpenings.nonce))
    .limit(limit);
}

export async function collectionCounts(
  db: DbOrTx,
  profileId: string,
): Promise<Array<{ itemId: string; rarity: string; count: number }>> {
  return db
    .select({
      itemId: boxOpenings.itemId,
      rarity: boxOpenings.rarity,
      count: sql<number>`count(*)::int`,
    })
    .from(boxOpenings)
    .where(and(eq(boxOpenings.profileId, profileId)))
    .groupBy(boxOpenings.itemId, boxOpenings.rarity);
}
