import { desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { swapTransactions } from "../../db/schema";

export type SwapRow = typeof swapTransactions.$inferSelect;

export async function recentSwaps(
  db: DbOrTx,
  profileId: string,
  limit: number,
): Promise<SwapRow[]> {
  return db
    .select()
    .from(swapTransactions)
    .where(eq(swapTransactions.userId, profileId))
    .orderBy(desc(swapTransactions.createdAt))
    .limit(limit);
}
