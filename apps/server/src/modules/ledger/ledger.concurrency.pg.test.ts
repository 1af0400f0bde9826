import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember, fund, USDT } from "../../../test/factories";
import { verifyLedger } from "./verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`money under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("a referred member's concurrent swap loop pays the referrer nothing beyond the first net conversion", async () => {
    const [referrer] = await members(1, 0n, 0n);
    const { c, profile } = await createSignedInMember(t.app, { referredBy: referrer!.profile.id });
    const { grantSignupRewards } = await import("../referrals/referrals.service");
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

  it("pushes balance changes to an open stream through LISTEN/NOTIFY", async () => {
    const [watcher, sender] = await members(2, 0n, 0n);
    await fund(db(), sender!.profile.id, { views: 200n });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api/balances/stream`, {
      headers: { cookie: watcher!.c.cookie },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const events: string[] = [];
    const read = (async () => {
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        events.push(...text.split("\n\n").filter((e) => e.startsWith("event: balances")));
        text = text.slice(text.lastIndexOf("\n\n") + 2);
        if (events.some((e) => e.includes('"views":"150"'))) break;
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    await sender!.c.request("POST", "/api/transfers", {
      recipient: watcher!.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    await Promise.race([read, new Promise((r) => setTimeout(r, 5_000))]);
    controller.abort();
    expect(events[0]).toContain('"views":"0"');
    expect(events.some((e) => e.includes('"views":"150"'))).toBe(true);
  });
});
