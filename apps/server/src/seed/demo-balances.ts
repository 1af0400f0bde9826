import { MICRO_PER_USDT } from "@viewvault/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ledgerTransactions, profiles } from "../db/schema";
import { type Leg, postTransaction } from "../modules/ledger/ledger.service";
import type { SeedOptions } from "./seed-options";

/** Starting balances of the demo members (local demo data), granted once through the ledger. */
const DEMO_BALANCES: Record<string, { views: bigint; usdt: bigint }> = {
  demo: { views: 2_500n, usdt: 750n * MICRO_PER_USDT },
  alice: { views: 1_800n, usdt: 320n * MICRO_PER_USDT },
  bruno: { views: 1_200n, usdt: 150n * MICRO_PER_USDT },
  carla: { views: 900n, usdt: 60n * MICRO_PER_USDT },
  diego: { views: 3_400n, usdt: 1_200n * MICRO_PER_USDT },
  emma: { views: 640n, usdt: 25n * MICRO_PER_USDT },
  felipe: { views: 150n, usdt: 0n },
};

export async function seedDemoBalances(db: Db, opts: SeedOptions): Promise<void> {
  const granted: string[] = [];
  for (const [username, amounts] of Object.entries(DEMO_BALANCES)) {
    await db.transaction(async (tx) => {
      const [profile] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(sql`lower(${profiles.username}) = ${username}`)
        .for("update");
      if (!profile) return;
      const [already] = await tx
        .select({ id: ledgerTransactions.id })
        .from(ledgerTransactions)
        .where(
          and(
            eq(ledgerTransactions.kind, "adjustment"),
            sql`${ledgerTransactions.memo}->>'demo' = ${profile.id}`,
          ),
        )
        .limit(1);
      if (already) return;
      const legs: Leg[] = [
        { account: { system: "rewards", currency: "VIEWS" }, amount: -amounts.views },
        { account: { member: profile.id, currency: "VIEWS" }, amount: amounts.views },
      ];
      if (amounts.usdt > 0n) {
        legs.push(
          { account: { system: "rewards", currency: "USDT" }, amount: -amounts.usdt },
          { account: { member: profile.id, currency: "USDT" }, amount: amounts.usdt },
        );
      }
      await postTransaction(tx, {
        kind: "adjustment",
        actorProfileId: null,
        memo: { reason: "demo starting balance", demo: profile.id },
        legs,
      });
      granted.push(username);
    });
  }
  if (granted.length) opts.log(`demo balances granted: ${granted.join(", ")}`);
}
