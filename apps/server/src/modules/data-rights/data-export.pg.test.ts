import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { verifyLedger } from "../ledger/verify-ledger";

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

  /**
   * Counts the statements every pooled connection sends from now on (the export's own
   * transaction included): the bound on the export's work, where a stopwatch would measure the
   * machine. Returns the statements' texts so far.
   */
  function recordStatements(pool: pg.Pool): () => string[] {
    const texts: string[] = [];
    const wrapped = new WeakSet<pg.PoolClient>();
    const wrap = (client: pg.PoolClient) => {
      if (wrapped.has(client)) return;
      wrapped.add(client);
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => {
        const first = args[0] as string | { text?: string };
        texts.push(typeof first === "string" ? first : (first?.text ?? ""));
        return query(...args);
      };
    };
    pool.on("acquire", wrap);
    return () => [...texts];
  }

  it("streams a member's 100,000 ledger entries as a ZIP in a bounded number of reads", async () => {
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
    const pool = t.database.pool;
    if (!pool) throw new Error("the scale suite runs on PostgreSQL");
    const statements = recordStatements(pool);
    const res = await m.c.request("GET", "/api/me/export");
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
    // The work, not the machine's speed: the ledger is read in keyset pages of 5,000 (21 reads
    // for 100,000 entries, the last one empty or short), and the whole export (session, sections,
    // transaction, the held and available accounts) stays about a hundred statements, never one
    // per entry.
    const sent = statements();
    const ledgerReads = sent.filter((text) => /join ledger_entries e on e\.account_id/.test(text));
    expect(ledgerReads.length).toBeGreaterThanOrEqual(20);
    expect(ledgerReads.length).toBeLessThanOrEqual(21);
    expect(sent.length).toBeLessThan(200);
    expect((await verifyLedger(db())).problems).toEqual([]);
    // The limit only stops a hang (2 shared cores).
  }, 600_000);
});
