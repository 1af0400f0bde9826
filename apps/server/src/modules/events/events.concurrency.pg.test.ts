import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);
// 22 November 2026, 13:00:00 in Los Angeles: the opening second.
const clock = fixedClock("2026-11-22T21:00:00Z");

suite(`events under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      clock,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });
  afterEach(async () => {
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  async function members(n: number, overrides: Parameters<typeof createSignedInMember>[1] = {}) {
    const out = [];
    for (let i = 0; i < n; i += 50) {
      const batch = Math.min(50, n - i);
      out.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => createSignedInMember(t.app, overrides)),
        )),
      );
    }
    return out;
  }

  async function issued(kind: string): Promise<bigint> {
    const [row] = await queryRows<{ total: string | null }>(
      db(),
      sql`select sum(e.amount) as total from ledger_entries e
          join ledger_transactions t on t.id = e.transaction_id
          join ledger_accounts a on a.id = e.account_id and a.kind = 'member'
          where t.kind = ${kind}`,
    );
    return BigInt(row?.total ?? 0);
  }

  it("500 concurrent daily claims at the opening second: exactly one winner, 100 views once", async () => {
    const people = await members(500);
    const results = await Promise.all(
      people.map((p) => p.c.request("POST", "/api/events/daily/claim")),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(499);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe("Too Late! Someone else already claimed today's reward");
    expect(await issued("daily_claim")).toBe(100n);
    const rows = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from daily_event_claims where claim_date = '2026-11-22'`,
    );
    expect(rows[0]?.n).toBe(1);
  }, 120_000);

  it("200 concurrent annual claims by verified members: one winner", async () => {
    const people = await members(200);
    await db().execute(sql`update profiles set is_verified = true`);
    const results = await Promise.all(
      people.map((p) => p.c.request("POST", "/api/events/annual/claim")),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(199);
    expect(await issued("annual_claim")).toBe(1_000_000n);
  }, 120_000);
});
