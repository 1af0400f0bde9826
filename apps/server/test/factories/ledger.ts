import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../src/db/client";
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

/**
 * Credits a member's views ON HOLD (ADR 047) from the issuance account, as a watch reward would:
 * one "watch_reward" posting to their held account and its hold row, clearing `hours` after `now`.
 * Returns the hold's id.
 */
export async function fundHeld(
  db: Db,
  profileId: string,
  views: bigint,
  options: { now: Date; hours?: number },
): Promise<string> {
  return db.transaction(async (tx) => {
    const [posted] = await queryRows<{ tx: string }>(
      tx,
      sql`select ledger_post('watch_reward', null, '{"test": true}'::jsonb,
            array[vv_system_account('rewards', 'VIEWS'), vv_account(${profileId}::uuid, 'VIEWS', 'member_held')],
            array[${-views}::bigint, ${views}::bigint], array[null, null]::uuid[]) as tx`,
    );
    if (!posted) throw new Error("no posting");
    await tx.execute(
      sql`select vv_hold_credit(${posted.tx}::uuid, ${options.now.toISOString()}::timestamptz,
            jsonb_build_object('normal', ${options.hours ?? 24}::int), 'VIEWS',
            array[${profileId}::uuid], array[${views}::bigint], array['watch_reward'],
            array[null]::uuid[])`,
    );
    const [hold] = await queryRows<{ id: string }>(
      tx,
      sql`select id from earning_holds where ledger_transaction_id = ${posted.tx}::uuid`,
    );
    if (!hold) throw new Error("no hold written");
    return hold.id;
  });
}
