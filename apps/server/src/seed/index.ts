import type { Db } from "../db/client";
import { seedDemoAccounts } from "./demo-accounts";
import { seedDemoActivity } from "./demo-activity";
import { seedDemoBalances } from "./demo-balances";
import { seedDemoEvents } from "./demo-events";
import { seedDemoRisk } from "./demo-risk";
import { seedDemoStaffTwoFactor } from "./demo-staff-two-factor";
import { seedDemoVideos } from "./demo-videos";
import type { SeedOptions } from "./seed-options";

/**
 * Demo data so a newcomer sees a living product. Every step is idempotent (it checks or upserts
 * by natural keys), so the seed runs on every start of the embedded database. Later features add
 * their steps here, in order.
 */
const steps: Array<(db: Db, opts: SeedOptions) => Promise<void>> = [
  seedDemoAccounts,
  seedDemoStaffTwoFactor,
  seedDemoBalances,
  // Right after the starting balances, so postings read in order of time as in order of posting.
  seedDemoActivity,
  seedDemoVideos,
  seedDemoEvents,
  seedDemoRisk,
];

export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  for (const step of steps) {
    await step(db, opts);
  }
}
