import type { Db } from "../client";
import { seedDemoAccounts } from "./demo-accounts";
import { seedDemoBalances } from "./demo-balances";
import { seedDemoEvents } from "./demo-events";
import { seedDemoVideos } from "./demo-videos";

export interface SeedOptions {
  log: (message: string) => void;
}

/**
 * Demo data so a newcomer sees a living product. Every step is idempotent (it checks or upserts
 * by natural keys), so the seed runs on every start of the embedded database. Later features add
 * their steps here, in order.
 */
const steps: Array<(db: Db, opts: SeedOptions) => Promise<void>> = [
  seedDemoAccounts,
  seedDemoBalances,
  seedDemoVideos,
  seedDemoEvents,
];

export async function seedDemo(db: Db, opts: SeedOptions): Promise<void> {
  for (const step of steps) {
    await step(db, opts);
  }
}
