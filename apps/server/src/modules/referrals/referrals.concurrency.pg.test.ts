import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember, fund } from "../../../test/factories";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`referral commission under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  async function members(n: number, views: bigint, usdt: bigint) {
    return Promise.all(
      Array.from({ length: n }, () => createSignedInMember(t.app, { views, usdt })),
    );
  }

  async function balancesOf(c: Client) {
    return (await c.request("GET", "/api/balances")).json() as { views: string; usdt: string };
  }

  it("a referred member's concurrent swap loop pays the referrer nothing beyond the first net conversion", async () => {
    const [referrer] = await members(1, 0n, 0n);
    const { c, profile } = await createSignedInMember(t.app, { referredBy: referrer!.profile.id });
    const { grantSignupRewards } = await import("./referrals.service");
    expect((await grantSignupRewards(db(), profile.id)).outcome).toBe("paid");
    await fund(db(), profile.id, { views: 1_000n });
    await c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "1000" });
    const afterFirst = BigInt((await balancesOf(referrer!.c)).usdt);
    // 0.1 USDT on the bonus + 1 USDT on the first 100 USDT converted.
    expect(afterFirst).toBe(1_100_000n);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.request(
          "POST",
          "/api/swaps",
          i % 2
            ? { direction: "VIEWS_TO_USDT", amount: "500" }
            : { direction: "USDT_TO_VIEWS", amount: "50" },
        ),
      ),
    );
    // Whatever the interleaving, the net never exceeds the first conversion unless views were added.
    const net = BigInt((await balancesOf(c)).usdt) - 10_000_000n;
    const expected =
      1_100_000n + (net > 100_000_000n ? ((net - 100_000_000n) * 100n) / 10_000n : 0n);
    expect(BigInt((await balancesOf(referrer!.c)).usdt)).toBeLessThanOrEqual(expected);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
