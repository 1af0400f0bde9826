import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember, USDT } from "../../../test/factories";
import { verifyLedger } from "./verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`the ledger under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("1,000 concurrent random transfers and swaps among 20 members keep the ledger whole", async () => {
    const people = await members(20, 50_000n, USDT(10_000));
    const before = await verifyLedger(db());
    const expected = new Map(
      people.map((p) => [p.profile.id, { views: 50_000n, usdt: USDT(10_000) }]),
    );
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const ops = Array.from({ length: 1_000 }, () => {
      const from = people[rand(20)]!;
      const roll = rand(4);
      if (roll === 0) {
        const views = BigInt(1 + rand(300));
        return async () => {
          const res = await from.c.request("POST", "/api/swaps", {
            direction: "VIEWS_TO_USDT",
            amount: String(views),
          });
          if (res.statusCode === 200) {
            const e = expected.get(from.profile.id)!;
            e.views -= views;
            e.usdt += views * 100_000n;
          }
          return res.statusCode;
        };
      }
      const to = people[(people.indexOf(from) + 1 + rand(19)) % 20]!;
      const usdt = roll === 1;
      const amount = usdt ? BigInt(100 + rand(50)) : BigInt(100 + rand(400));
      return async () => {
        const res = await from.c.request("POST", "/api/transfers", {
          recipient: to.profile.username,
          transferType: usdt ? "USDT" : "VIEWS",
          amount: String(amount),
        });
        if (res.statusCode === 200) {
          const a = expected.get(from.profile.id)!;
          const b = expected.get(to.profile.id)!;
          if (usdt) {
            a.usdt -= amount * 1_000_000n;
            b.usdt += amount * 1_000_000n;
          } else {
            a.views -= amount;
            b.views += amount;
          }
        }
        return res.statusCode;
      };
    });
    const statuses = await Promise.all(ops.map((op) => op()));
    expect(statuses.filter((s) => s !== 200 && s !== 422)).toEqual([]);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(500);

    const after = await verifyLedger(db());
    expect(after.problems).toEqual([]);
    // Nothing was created or destroyed: every currency still sums to zero across all accounts,
    // and members + issuance hold what they held before.
    for (const currency of ["VIEWS", "USDT"]) {
      const b = before.totals[currency]!;
      const a = after.totals[currency]!;
      expect(a.sum).toBe(0n);
      expect(a.members + (a.system.rewards ?? 0n)).toBe(b.members + (b.system.rewards ?? 0n));
    }
    for (const p of people) {
      const got = await balancesOf(p.c);
      const want = expected.get(p.profile.id)!;
      expect({ views: BigInt(got.views), usdt: BigInt(got.usdt) }).toEqual(want);
    }
  }, 120_000);
});
