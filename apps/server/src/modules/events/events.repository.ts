import { and, desc, eq, gt, gte, lte } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { annualEventClaims, dailyEventClaims, profiles, users } from "../../db/schema";

export interface WinnerRow {
  id: string;
  username: string;
  claimedAt: Date;
}

export async function dailyWinnerOf(db: DbOrTx, date: string): Promise<WinnerRow | null> {
  const [row] = await db
    .select({ id: profiles.id, username: profiles.username, claimedAt: dailyEventClaims.claimedAt })
    .from(dailyEventClaims)
    .innerJoin(profiles, eq(profiles.id, dailyEventClaims.userId))
    .where(eq(dailyEventClaims.claimDate, date));
  return row ?? null;
}

export async function annualWinnerOf(db: DbOrTx, year: number): Promise<WinnerRow | null> {
  const [row] = await db
    .select({
      id: profiles.id,
      username: profiles.username,
      claimedAt: annualEventClaims.claimedAt,
    })
    .from(annualEventClaims)
    .innerJoin(profiles, eq(profiles.id, annualEventClaims.userId))
    .where(eq(annualEventClaims.year, year));
  return row ?? null;
}

/** The daily winners of the dates from `from` to `to` (inclusive), newest first. */
export async function dailyWinnersBetween(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<Array<WinnerRow & { date: string }>> {
  return db
    .select({
      date: dailyEventClaims.claimDate,
      id: profiles.id,
      username: profiles.username,
      claimedAt: dailyEventClaims.claimedAt,
    })
    .from(dailyEventClaims)
    .innerJoin(profiles, eq(profiles.id, dailyEventClaims.userId))
    .where(and(gte(dailyEventClaims.claimDate, from), lte(dailyEventClaims.claimDate, to)))
    .orderBy(desc(dailyEventClaims.claimDate));
}

/** Whether the member won a daily prize on a date after `after` (the cooldown). */
export async function wonDailySince(
  db: DbOrTx,
  profileId: string,
  after: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: dailyEventClaims.id })
    .from(dailyEventClaims)
    .where(and(eq(dailyEventClaims.userId, profileId), gt(dailyEventClaims.claimDate, after)))
    .limit(1);
  return !!row;
}

export async function emailConfirmed(db: DbOrTx, authUid: string): Promise<boolean> {
  const [row] = await db
    .select({ confirmed: users.emailVerified })
    .from(users)
    .where(eq(users.id, authUid));
  return row?.confirmed ?? false;
}
