import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`view requests under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
  const clock = fixedClock("2026-11-21T12:00:00.000Z");
  const db = () => t.database.db;

  beforeAll(async () => {
    oembed = await startOembedStandIn({ dQw4w9WgXcQ: "Never Gonna Give You Up" });
    const database = await createPostgresDatabase(60);
    t = await createTestApp({
      database,
      clock,
      env: {
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
        OEMBED_URL: oembed.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await oembed.close();
  });

  async function members(n: number, views: bigint) {
    return Promise.all(Array.from({ length: n }, () => createSignedInMember(t.app, { views })));
  }

  const viewsOf = async (c: Client) => (await c.request("GET", "/api/balances")).json().views;
  /** Earnings are credited on hold (ADR 047): "available+held". */
  const withHeld = async (c: Client) => {
    const b = (await c.request("GET", "/api/balances")).json();
    return `${b.views}+${b.heldViews}`;
  };

  it("30 concurrent view requests from one member stop at 10", async () => {
    const [m] = await members(1, 100n);
    if (!m) throw new Error("member");
    const results = await Promise.all(
      Array.from({ length: 30 }, () => m.c.request("POST", "/api/view-requests")),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(results.filter((r) => r.json().code === "DAILY_LIMIT_REACHED")).toHaveLength(20);
    const counts = results
      .filter((r) => r.statusCode === 201)
      .map((r) => r.json().request.dailyCount);
    expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const list = (await m.c.request("GET", "/api/view-requests")).json();
    expect(list.todayCount).toBe(10);
    // Their own requests never match each other: 10 views paid, none earned.
    expect(await viewsOf(m.c)).toBe("90");
    await db().execute(sql`update view_requests set status = 'MATCHED' where status = 'PENDING'`);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("members racing to be matched are matched once, in pairs", async () => {
    // Two members on an empty pool: they always meet.
    const [a, b] = await members(2, 10n);
    if (!a || !b) throw new Error("members");
    const [ra, rb] = await Promise.all([
      a.c.request("POST", "/api/view-requests"),
      b.c.request("POST", "/api/view-requests"),
    ]);
    expect([ra?.json().matched, rb?.json().matched].sort()).toEqual([false, true]);
    expect(await withHeld(a.c)).toBe("9+2");
    expect(await withHeld(b.c)).toBe("9+2");

    // One waiting request, 20 members racing for it: exactly one match with it, the rest pair up.
    const [waiting] = await members(1, 10n);
    if (!waiting) throw new Error("member");
    const w = (await waiting.c.request("POST", "/api/view-requests")).json();
    expect(w.matched).toBe(false);
    const racers = await members(20, 10n);
    const results = await Promise.all(racers.map((r) => r.c.request("POST", "/api/view-requests")));
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const matchedWithWaiting = results.filter(
      (r) => r.json().request.matchedWith?.id === waiting.profile.id,
    );
    expect(matchedWithWaiting).toHaveLength(1);
    const rows = await queryRows<{ status: string; n: number }>(
      db(),
      sql`select status, count(*)::int as n from view_requests group by status`,
    );
    // The waiting one + 20 racers = 21 requests: 10 pairs and one left waiting, never two.
    expect(rows.find((r) => r.status === "PENDING")?.n).toBe(1);
    const pairs = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from view_requests v join view_requests o on o.id = v.matched_request_id where o.matched_request_id <> v.id`,
    );
    expect(pairs[0]?.n).toBe(0);
    expect(await withHeld(waiting.c)).toBe("9+2");
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
