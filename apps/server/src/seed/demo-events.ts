import { ANNUAL_EVENT } from "@viewvault/shared";
import { eq, sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";
import { profiles } from "../db/schema";
import { findProfileByUsername } from "../modules/profiles/profiles.repository";
import type { SeedOptions } from "./seed-options";

/** The demo member who won this year's annual prize (ADR 018). */
const ANNUAL_WINNER = "diego";

/**
 * The demo's public credentials must not leave this year's 1,000,000 views to whoever signs in
 * first: the prize of the current UTC year is already won by a demo member (verified for the
 * purpose), through the same money command as a real claim, so the demo shows the winner and the
 * countdown to the next 1 January. Runs at every start; a new year gets its winner too.
 */
export async function seedDemoEvents(db: Db, opts: SeedOptions): Promise<void> {
  const year = new Date().getUTCFullYear();
  const claimed = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from annual_event_claims where year = ${year}`,
  );
  if (claimed.length) return;
  const winner = await findProfileByUsername(db, ANNUAL_WINNER);
  if (!winner) return;
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ isVerified: true }).where(eq(profiles.id, winner.id));
    await tx.execute(
      sql`select vv_claim_annual(${winner.id}::uuid, null, 'seed', 'seed', ${year}::int, now(),
            ${ANNUAL_EVENT.rewardViews}::bigint)`,
    );
  });
  opts.log(`demo: ${ANNUAL_WINNER} won the ${year} annual prize`);
}
