import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";

const suite = describe.skipIf(!pgUrl);

suite(`idempotency keys under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;

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

  it("100 concurrent requests with one idempotency key have one effect and identical responses", async () => {
    const [payer] = await members(1, 1_000n, 0n);
    const [payee] = await members(1, 0n, 0n);
    const body = { recipient: payee!.profile.username, transferType: "VIEWS", amount: "100" };
    const key = { "idempotency-key": `concurrent-${Date.now()}` };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => payer!.c.request("POST", "/api/transfers", body, key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(200));
    expect(new Set(results.map((r) => r.body)).size).toBe(1);
    expect(await balancesOf(payee!.c)).toMatchObject({ views: "100" });
    const other = await payer!.c.request("POST", "/api/transfers", { ...body, amount: "300" }, key);
    expect(other.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});
