import { and, desc, eq, gte, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { manualClaims } from "../../db/schema";

export type ClaimRow = typeof manualClaims.$inferSelect;

/** A member's withdrawals, newest first. */
export async function claimsOf(db: DbOrTx, profileId: string, limit: number): Promise<ClaimRow[]> {
  return db
    .select()
    .from(manualClaims)
    .where(eq(manualClaims.userId, profileId))
    .orderBy(desc(manualClaims.createdAt), desc(manualClaims.id))
    .limit(limit);
}

/** What a member's withdrawals (not failed or cancelled) since `dayStart` add up to, in micro-USDT. */
export async function withdrawnSince(db: DbOrTx, profileId: string, dayStart: Date) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${manualClaims.amountUsdt}), 0)::text` })
    .from(manualClaims)
    .where(
      and(
        eq(manualClaims.userId, profileId),
        gte(manualClaims.createdAt, dayStart),
        notInArray(manualClaims.status, ["FAILED", "CANCELLED"]),
      ),
    );
  return BigInt(row?.total ?? "0");
}
