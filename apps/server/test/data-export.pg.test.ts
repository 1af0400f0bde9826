import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import { createTestApp, type TestApp } from "./app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "./database";
import { createSignedInMember } from "./factories";

const suite = describe.skipIf(!pgUrl);

suite(`data export at scale on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(4);
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it("streams a member's 100,000 ledger entries as a ZIP within seconds", async () => {
    const m = await createSignedInMember(t.app);
    // 100,000 balanced transactions written in bulk (the same rows ledger_post writes: the
    // member's entry with its running balance, the issuance account's without one).
    const [accounts] = await queryRows<{ member: string; rewards: string }>(
      db(),
      sql`select (select id from ledger_accounts where profile_id = ${m.id} and kind = 'member'
                  and currency = 'VIEWS')::text as member,
                 (select id from ledger_accounts where profile_id is null and kind = 'rewards'
                  and currency = 'VIEWS')::text as rewards`,
    );
    await db().transaction(async (tx) => {
      await queryRows(
        tx,
        sql`with txs as (
              insert into ledger_transactions (id, kind, memo)
              select gen_random_uuid(), 'adjustment', jsonb_build_object('reason', 'export test', 'i', i)
              from generate_series(1, 100000) i
              returning id, (memo->>'i')::bigint as i)
            insert into ledger_entries (transaction_id, account_id, currency, amount, balance_after)
            select id, ${accounts?.member}::bigint, 'VIEWS', 1, i from txs
            union all
            select id, ${accounts?.rewards}::bigint, 'VIEWS', -1, null from txs`,
      );
      await queryRows(
        tx,
        sql`update ledger_accounts set balance = balance + 100000 where id = ${accounts?.member}::bigint`,
      );
    });
    const started = performance.now();
    const res = await m.c.request("GET", "/api/me/export");
    const seconds = (performance.now() - started) / 1000;
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const ledger = JSON.parse(strFromU8(files["ledger_entries.json"] ?? new Uint8Array())) as {
      amount: string;
      balanceAfter: string;
    }[];
    expect(ledger).toHaveLength(100_000);
    expect(ledger[99_999]).toMatchObject({ amount: "1", balanceAfter: "100000" });
    const csv = strFromU8(files["ledger_entries.csv"] ?? new Uint8Array())
      .trim()
      .split("\n");
    expect(csv).toHaveLength(100_001);
    // "Within seconds" on a shared, loaded CI machine.
    expect(seconds).toBeLessThan(15);
    expect((await verifyLedger(db())).problems).toEqual([]);
  }, 180_000);
});
