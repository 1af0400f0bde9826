import { createHash } from "node:crypto";
import { rollBox } from "@viewvault/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { verifyLedger } from "../ledger/verify-ledger";
import { nodeFairness } from "./box.service";

const suite = describe.skipIf(!pgUrl);

suite(`the mystery box under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("k + n concurrent openings with views for k: exactly k open, each roll verifiable", async () => {
    const k = 6;
    const n = 6;
    const { c } = await createSignedInMember(t.app, { views: BigInt(k * 100 + 99) });
    const first = (await c.request("GET", "/api/box")).json().commitment;
    const results = await Promise.all(
      Array.from({ length: k + n }, (_, i) =>
        c.request("POST", "/api/box/open", undefined, {
          "idempotency-key": `box-race-${i}-${Date.now()}`,
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(k);
    expect(statuses.filter((s) => s !== 200)).toEqual(Array(n).fill(422));
    for (const r of results.filter((r) => r.statusCode !== 200)) {
      expect(r.json().params).toMatchObject({ context: "box" });
    }
    expect((await c.request("GET", "/api/balances")).json().views).toBe("99");

    // Nonces 0..k-1, each seed used once, each commitment honoured, each roll recomputable.
    const openings = (await c.request("GET", "/api/box/openings?limit=50")).json()
      .openings as Array<{
      serverSeed: string;
      serverSeedHash: string;
      clientSeed: string;
      nonce: number;
      itemId: string;
      rarity: string;
    }>;
    expect(openings.map((o) => o.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: k }, (_, i) => i),
    );
    expect(new Set(openings.map((o) => o.serverSeed)).size).toBe(k);
    expect(openings.find((o) => o.nonce === 0)?.serverSeedHash).toBe(first.serverSeedHash);
    for (const o of openings) {
      expect(createHash("sha256").update(o.serverSeed).digest("hex")).toBe(o.serverSeedHash);
      const roll = await rollBox(nodeFairness, o);
      expect({ itemId: o.itemId, rarity: o.rarity }).toEqual({
        itemId: roll.itemId,
        rarity: roll.rarity,
      });
    }
    expect((await c.request("GET", "/api/box")).json().commitment.nonce).toBe(k);
    expect((await verifyLedger(db())).problems).toEqual([]);
  }, 60_000);

  it("one intent sent 10 times at once opens one box", async () => {
    const { c } = await createSignedInMember(t.app, { views: 1_000n });
    const key = { "idempotency-key": `box-same-${Date.now()}` };
    const results = await Promise.all(
      Array.from({ length: 10 }, () => c.request("POST", "/api/box/open", undefined, key)),
    );
    const ids = new Set(
      results.filter((r) => r.statusCode === 200).map((r) => r.json().opening.id),
    );
    expect(ids.size).toBe(1);
    expect((await c.request("GET", "/api/balances")).json().views).toBe("900");
    expect((await verifyLedger(db())).problems).toEqual([]);
  }, 60_000);

  it("openings of many members at once all succeed", async () => {
    const people = await Promise.all(
      Array.from({ length: 10 }, () => createSignedInMember(t.app, { views: 300n })),
    );
    const results = await Promise.all(
      people.flatMap((p) => [0, 1, 2].map(() => p.c.request("POST", "/api/box/open"))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect((await verifyLedger(db())).problems).toEqual([]);
  }, 60_000);
});
