import type { Db } from "../../src/db/client";
import { postTransaction } from "../../src/modules/ledger/ledger.service";

/**
 * Credits a member from the platform's issuance account through the ledger (one "adjustment"
 * posting), as an operator's correction would.
 */
export async function fund(
  db: Db,
  profileId: string,
  amounts: { views?: bigint; usdt?: bigint },
): Promise<void> {
  await db.transaction(async (tx) => {
    const legs = [];
    if (amounts.views) {
      legs.push({
        account: { system: "rewards" as const, currency: "VIEWS" as const },
        amount: -amounts.views,
      });
      legs.push({
        account: { member: profileId, currency: "VIEWS" as const },
        amount: amounts.views,
      });
    }
    if (amounts.usdt) {
      legs.push({
        account: { system: "rewards" as const, currency: "USDT" as const },
        amount: -amounts.usdt,
      });
      legs.push({
        account: { member: profileId, currency: "USDT" as const },
        amount: amounts.usdt,
      });
    }
    await postTransaction(tx, {
      kind: "adjustment",
      actorProfileId: null,
      memo: { reason: "test funding" },
      legs,
    });
  });
}

/** Whole USDT in micro-USDT, the ledger's unit: `USDT(5)` is 5_000_000n. */
export const USDT = (whole: number | bigint) => BigInt(whole) * 1_000_000n;
