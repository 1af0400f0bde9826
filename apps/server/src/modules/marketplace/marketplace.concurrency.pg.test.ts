import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember, USDT } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`the marketplace under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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
  afterEach(async () => {
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  const balances = async (c: Client) =>
    (await c.request("GET", "/api/balances")).json() as { views: string; usdt: string };
  const list = async (c: Client, views: string, price: string) => {
    const res = await c.request("POST", "/api/marketplace/offers", {
      viewsQuantity: views,
      pricePerView: price,
    });
    expect(res.statusCode).toBe(201);
    return res.json().offer.id as string;
  };

  it("20 buyers racing for one offer: one purchase, one charge, the others refused", async () => {
    const seller = await createSignedInMember(t.app, { views: 1_000n });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, () => createSignedInMember(t.app, { usdt: USDT(100) })),
    );
    const id = await list(seller.c, "500", "0.1");
    const results = await Promise.all(
      buyers.map((b) => b.c.request("POST", `/api/marketplace/offers/${id}/buy`)),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().code).toBe("OFFER_UNAVAILABLE");
    }
    const after = await Promise.all(buyers.map((b) => balances(b.c)));
    expect(after.filter((b) => b.views === "500" && b.usdt === "50000000")).toHaveLength(1);
    expect(after.filter((b) => b.views === "0" && b.usdt === "100000000")).toHaveLength(19);
    expect(await balances(seller.c)).toMatchObject({ views: "500", usdt: "50000000" });
  });

  it("a purchase racing the seller's cancel: exactly one outcome, repeated 15 times", async () => {
    for (let round = 0; round < 15; round++) {
      const seller = await createSignedInMember(t.app, { views: 100n });
      const buyer = await createSignedInMember(t.app, { usdt: USDT(10) });
      const id = await list(seller.c, "100", "0.1");
      const [bought, cancelled] = await Promise.all([
        buyer.c.request("POST", `/api/marketplace/offers/${id}/buy`),
        seller.c.request("POST", `/api/marketplace/offers/${id}/cancel`),
      ]);
      expect([bought.statusCode, cancelled.statusCode].sort()).toEqual([200, 409]);
      const [row] = await queryRows<{ status: string }>(
        db(),
        sql`select status from market_offers where id = ${id}`,
      );
      const sellerNow = await balances(seller.c);
      const buyerNow = await balances(buyer.c);
      if (bought.statusCode === 200) {
        expect(row?.status).toBe("SOLD");
        expect(sellerNow).toMatchObject({ views: "0", usdt: "10000000" });
        expect(buyerNow).toMatchObject({ views: "100", usdt: "0" });
      } else {
        expect(row?.status).toBe("CANCELLED");
        expect(sellerNow).toMatchObject({ views: "100", usdt: "0" });
        expect(buyerNow).toMatchObject({ views: "0", usdt: "10000000" });
      }
    }
  });

  it("listing while the same views are transferred away: never an overdraft", async () => {
    for (let round = 0; round < 10; round++) {
      const seller = await createSignedInMember(t.app, { views: 300n });
      const friend = await createSignedInMember(t.app);
      const [listed, sent] = await Promise.all([
        seller.c.request("POST", "/api/marketplace/offers", {
          viewsQuantity: "200",
          pricePerView: "0.1",
        }),
        seller.c.request("POST", "/api/transfers", {
          recipient: friend.profile.username,
          transferType: "VIEWS",
          amount: "200",
        }),
      ]);
      // 300 views cover one of the two 200-view movements, never both.
      const outcomes = [listed.statusCode === 201, sent.statusCode === 200];
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect(listed.statusCode === 201 ? sent.statusCode : listed.statusCode).toBe(422);
      expect((await balances(seller.c)).views).toBe("100");
    }
  });
});
