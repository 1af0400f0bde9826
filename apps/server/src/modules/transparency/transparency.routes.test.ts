import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, USDT } from "../../../test/factories";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Figures = {
  issued: string;
  inCirculation: string;
  withdrawalEscrow: string;
  marketplaceEscrow: string;
  paidOut: string;
  fees: string;
};
type Body = {
  totals: { VIEWS: Figures; USDT: Figures };
  paidOutByNetwork: { network: string; usdt: string }[];
  daily: { day: string; issuedViews: string; issuedUsdt: string; paidOutUsdt: string }[];
};

describe("GET /api/transparency", () => {
  it("answers anyone with the ledger's totals and 90 days of flows, a minute old at most", async () => {
    const seller = await createSignedInMember(t.app, { views: 700n, usdt: USDT(3) });
    const listed = await (seller.c as Client).request("POST", "/api/marketplace/offers", {
      viewsQuantity: "200",
      pricePerView: "0.1",
    });
    expect(listed.statusCode).toBe(201);

    const res = await t.app.inject({ method: "GET", url: "/api/transparency" });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Body;
    const { VIEWS, USDT: usdt } = body.totals;
    // Everything issued is held by members or in escrow (no payouts yet, no fees).
    expect(BigInt(VIEWS.issued)).toBe(
      BigInt(VIEWS.inCirculation) + BigInt(VIEWS.marketplaceEscrow),
    );
    expect(BigInt(usdt.issued)).toBe(BigInt(usdt.inCirculation) + BigInt(usdt.withdrawalEscrow));
    expect(BigInt(VIEWS.marketplaceEscrow)).toBeGreaterThanOrEqual(200n);
    expect(BigInt(VIEWS.issued)).toBeGreaterThanOrEqual(700n);
    expect(body.paidOutByNetwork).toEqual([
      { network: "TRC20", usdt: "0" },
      { network: "ERC20", usdt: "0" },
      { network: "BEP20", usdt: "0" },
    ]);
    expect(body.daily).toHaveLength(90);
    const today = body.daily.at(-1);
    expect(today?.day).toBe(new Date().toISOString().slice(0, 10));
    expect(BigInt(today?.issuedViews ?? "0")).toBeGreaterThanOrEqual(700n);

    // Cached: a new posting shows within the minute, not at once.
    await createSignedInMember(t.app, { views: 50n });
    const again = (await t.app.inject({ method: "GET", url: "/api/transparency" })).json() as Body;
    expect(again.totals.VIEWS.issued).toBe(VIEWS.issued);
  });
});
