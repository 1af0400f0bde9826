import { and, asc, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { eventClaims, memberEarnings, milestoneRewards } from "../../db/schema";

export type EventBonusRow = typeof eventClaims.$inferSelect;
export type MilestoneRewardRow = typeof milestoneRewards.$inferSelect;

export async function availableBonuses(db: DbOrTx, profileId: string): Promise<EventBonusRow[]> {
  return db
    .select()
    .from(eventClaims)
    .where(and(eq(eventClaims.userId, profileId), eq(eventClaims.status, "AVAILABLE")))
    .orderBy(desc(eventClaims.createdAt));
}

/** AVAILABLE milestone rewards, by milestone ascending (seed 1 §7). */
export async function availableMilestones(
  db: DbOrTx,
  profileId: string,
): Promise<MilestoneRewardRow[]> {
  return db
    .select()
    .from(milestoneRewards)
    .where(and(eq(milestoneRewards.userId, profileId), eq(milestoneRewards.status, "AVAILABLE")))
    .orderBy(asc(milestoneRewards.milestoneViews));
}

export async function earnedViewsOf(db: DbOrTx, profileId: string): Promise<bigint> {
  const [row] = await db
    .select({ earned: memberEarnings.earnedViews })
    .from(memberEarnings)
    .where(eq(memberEarnings.profileId, profileId));
  return row?.earned ?? 0n;
}
