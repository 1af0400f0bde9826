import { and, asc, desc, eq, gte, inArray, notInArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { manualClaims, withdrawalTimeline } from "../../db/schema";

export type ClaimRow = typeof manualClaims.$inferSelect;
export type TimelineRow = typeof withdrawalTimeline.$inferSelect;

/** The timelines of these withdrawals, oldest step first, by withdrawal id. */
export async function timelinesOf(
  db: DbOrTx,
  withdrawalIds: string[],
): Promise<Map<string, TimelineRow[]>> {
  const byId = new Map<string, TimelineRow[]>();
  if (withdrawalIds.length === 0) return byId;
  const rows = await db
    .select()
    .from(withdrawalTimeline)
    .where(inArray(withdrawalTimeline.withdrawalId, withdrawalIds))
    .orderBy(asc(withdrawalTimeline.id));
  for (const row of rows) {
    const list = byId.get(row.withdrawalId) ?? [];
    list.push(row);
    byId.set(row.withdrawalId, list);
  }
  return byId;
}

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
