import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`transfers under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("n concurrent debits against a balance covering k: exactly k succeed", async () => {
    const [spender] = await members(1, 500n, 0n);
    const [receiver] = await members(1, 0n, 0n);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        spender!.c.request("POST", "/api/transfers", {
          recipient: receiver!.profile.username,
          transferType: "VIEWS",
          amount: "100",
        }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 422);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.json().message).toBe("Insufficient view balance");
    expect(await balancesOf(spender!.c)).toMatchObject({ views: "0" });
    expect(await balancesOf(receiver!.c)).toMatchObject({ views: "500" });
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
