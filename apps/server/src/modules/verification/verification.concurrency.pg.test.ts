import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`account verification under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("two concurrent verifies charge once", async () => {
    const { c } = await createSignedInMember(t.app, { views: 5_000n });
    const results = await Promise.all([
      c.request("POST", "/api/me/verify", undefined, {
        "idempotency-key": `verify-a-${Date.now()}`,
      }),
      c.request("POST", "/api/me/verify", undefined, {
        "idempotency-key": `verify-b-${Date.now()}`,
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().code).toBe("ALREADY_VERIFIED");
    expect((await c.request("GET", "/api/balances")).json().views).toBe("4000");
    expect((await c.request("GET", "/api/me")).json().profile.isVerified).toBe(true);
    expect((await verifyLedger(db())).problems).toEqual([]);
  }, 60_000);
});
