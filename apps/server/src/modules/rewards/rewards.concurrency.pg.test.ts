import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember, TEST_PASSWORD, USDT } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);
// 22 November 2026, 13:00:00 in Los Angeles: the opening second.
const clock = fixedClock("2026-11-22T21:00:00Z");

suite(`rewards under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("a bonus claimed twice concurrently (20 bonuses) is paid once each", async () => {
    const admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    // Granting is an admin money action: confirmed by a step-up first (ADR 029).
    const stepUp = await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    expect(stepUp.statusCode).toBe(200);
    const people = await members(20);
    const bonuses = await Promise.all(
      people.map(async (p, i) => {
        const res = await admin.c.request(
          "POST",
          `/api/admin/members/${p.id}/bonuses`,
          { amount: "5", reason: "race" },
          { "idempotency-key": `grant-race-${i}-xxxxxxxx` },
        );
        return res.json().id as string;
      }),
    );
    const results = await Promise.all(
      people.flatMap((p, i) => [
        p.c.request("POST", `/api/rewards/bonuses/${bonuses[i]}/claim`, undefined, {
          "idempotency-key": `bonus-a-${i}-xxxxxxxx`,
        }),
        p.c.request("POST", `/api/rewards/bonuses/${bonuses[i]}/claim`, undefined, {
          "idempotency-key": `bonus-b-${i}-xxxxxxxx`,
        }),
      ]),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(20);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(20);
    expect(await issued("event_bonus")).toBe(USDT(5) * 20n);
    for (const p of people) {
      const b = (await p.c.request("GET", "/api/balances")).json();
      expect(b.usdt).toBe(String(USDT(5)));
    }
  }, 120_000);

  it("20 concurrent grants with one Idempotency-Key create one bonus, and all answer it", async () => {
    const admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    const stepUp = await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    expect(stepUp.statusCode).toBe(200);
    const [m] = await members(1);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        admin.c.request(
          "POST",
          `/api/admin/members/${m!.id}/bonuses`,
          { amount: "3", reason: "one intent" },
          { "idempotency-key": "grant-one-intent-xxxxxxxx" },
        ),
      ),
    );
    // The key's row is claimed in the same statement as the grant: the others wait for its
    // commit and answer the stored grant (a replay), never a second bonus.
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    expect(results.filter((r) => r.headers["idempotent-replayed"] !== "true")).toHaveLength(1);
    const rows = await queryRows<{ n: number; audits: number }>(
      db(),
      sql`select (select count(*)::int from event_claims where user_id = ${m!.id}) as n,
                 (select count(*)::int from audit_events
                   where target_profile_id = ${m!.id} and action = 'bonus.grant') as audits`,
    );
    expect(rows[0]).toEqual({ n: 1, audits: 1 });
  }, 120_000);

  it("concurrent earnings crossing a milestone create its reward once", async () => {
    const [m] = await members(1);
    const id = m!.id;
    // 60 concurrent view-request gains of 20 views: 1,200 earned, crossing 1,000 once; a
    // transfer-like adjustment in between does not count.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i === 30
          ? db().execute(
              sql`select ledger_post('adjustment', null, '{}'::jsonb,
                ARRAY[vv_account(${id}::uuid, 'VIEWS'), vv_system_account('rewards', 'VIEWS')],
                ARRAY[500, -500]::bigint[], ARRAY[null, null]::uuid[])`,
            )
          : db().execute(
              sql`select ledger_post('view_request_match', null, '{}'::jsonb,
                ARRAY[vv_account(${id}::uuid, 'VIEWS'), vv_system_account('rewards', 'VIEWS')],
                ARRAY[20, -20]::bigint[], ARRAY[null, null]::uuid[])`,
            ),
      ),
    );
    const rewards = (await m!.c.request("GET", "/api/rewards")).json();
    expect(rewards.earnedViews).toBe(String(59 * 20));
    expect(rewards.milestones.map((r: { milestoneViews: string }) => r.milestoneViews)).toEqual([
      "1000",
    ]);
    // two concurrent claims of it: paid once
    const rid = rewards.milestones[0].id;
    const claims = await Promise.all([
      m!.c.request("POST", `/api/rewards/milestones/${rid}/claim`),
      m!.c.request("POST", `/api/rewards/milestones/${rid}/claim`),
    ]);
    expect(claims.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    expect(await issued("milestone_reward")).toBe(USDT(10));
  }, 120_000);
});
