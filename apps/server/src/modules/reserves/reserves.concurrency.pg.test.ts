import { RATES } from "@viewvault/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { profiles } from "../../db/schema";
import { verifyLedger } from "../ledger/verify-ledger";
import { type TakenSnapshot, takeSnapshot } from "./take-snapshot";

const suite = describe.skipIf(!pgUrl);
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

/**
 * Transfers, swaps (at the published rate, both ways) and withdrawal requests move money between
 * members and their pending accounts but never change what the platform owes them in total; so
 * every snapshot taken while they race must carry exactly the same total, the ledger's, and each
 * must have checked itself against the ledger's own figures read in its transaction.
 */
suite(`reserves snapshots under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const ledgerLiability = async () => {
    const report = await verifyLedger(db());
    expect(report.problems).toEqual([]);
    const views =
      (report.totals.VIEWS?.members ?? 0n) + (report.totals.VIEWS?.system.marketplace_escrow ?? 0n);
    return (report.totals.USDT?.members ?? 0n) + views * RATES.microUsdtPerView;
  };

  it("a snapshot taken while transfers, swaps and withdrawals race equals the ledger", async () => {
    const people: SignedInMember[] = await Promise.all(
      Array.from({ length: 12 }, () =>
        createSignedInMember(t.app, { views: 20_000n, usdt: USDT(5_000) }),
      ),
    );
    for (const p of people)
      await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, p.id));
    const before = await ledgerLiability();

    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    let keys = 0;
    const op = (i: number) => {
      const from = people[rand(people.length)] as SignedInMember;
      const to = people[
        (people.indexOf(from) + 1 + rand(people.length - 1)) % people.length
      ] as SignedInMember;
      const key = { "idempotency-key": `reserves-race-${++keys}` };
      switch (i % 4) {
        case 0:
          return from.c.request("POST", "/api/swaps", {
            direction: rand(2) ? "VIEWS_TO_USDT" : "USDT_TO_VIEWS",
            amount: String(10 + rand(200)),
          });
        case 1:
          return from.c.request(
            "POST",
            "/api/withdrawals",
            { amount: "100", network: "TRC20", walletAddress: TRON, password: TEST_PASSWORD },
            key,
          );
        default:
          return from.c.request("POST", "/api/transfers", {
            recipient: to.profile.username,
            transferType: rand(2) ? "USDT" : "VIEWS",
            amount: String(100 + rand(300)),
          });
      }
    };
    const snapshots: Promise<TakenSnapshot>[] = [];
    const deps = { db: db(), clock: t.app.clock, chains: {}, cold: [] };
    const moves = Array.from({ length: 240 }, (_, i) => async () => {
      if (i % 40 === 0) snapshots.push(takeSnapshot(deps, { trigger: "schedule" }));
      return (await op(i)).statusCode;
    });
    const statuses = await Promise.all(moves.map((m) => m()));
    const taken = await Promise.all(snapshots);
    expect(statuses.filter((s) => s < 300).length).toBeGreaterThan(100);

    expect(taken).toHaveLength(6);
    expect(await ledgerLiability()).toBe(before);
    for (const s of taken) expect(s.total).toBe(before);
    const stored = await queryRows<{ total: string; ledger: string; leaves: string }>(
      db(),
      sql`select s.total_micro_usdt::text as total,
                 (s.ledger_usdt + s.ledger_views * s.micro_usdt_per_view)::text as ledger,
                 (select sum(balance) from reserve_leaves l where l.snapshot_id = s.id)::text as leaves
            from reserve_snapshots s`,
    );
    expect(stored).toHaveLength(6);
    for (const row of stored) {
      expect(row.total).toBe(before.toString());
      expect(row.ledger).toBe(row.total);
      expect(row.leaves).toBe(row.total);
    }
    // Withdrawals really raced: some USDT sits in pending accounts now.
    const [pending] = await queryRows<{ n: string }>(
      db(),
      sql`select coalesce(sum(balance), 0)::text as n from ledger_accounts where kind = 'member_pending'`,
    );
    expect(BigInt(pending?.n ?? "0")).toBeGreaterThan(0n);
  });
});
