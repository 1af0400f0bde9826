import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, USDT } from "../../../test/factories";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = {
  totals: {
    issued: { views: string; usdt: string };
    inCirculation: { views: string; usdt: string };
    inEscrow: { views: string; usdt: string };
    paidOut: { network: string; usdt: string }[];
  };
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
    const { issued, inCirculation, inEscrow, paidOut } = body.totals;
    // Everything issued is held by members or in escrow (no payouts yet, no fees).
    expect(BigInt(issued.views)).toBe(BigInt(inCirculation.views) + BigInt(inEscrow.views));
    expect(BigInt(issued.usdt)).toBe(BigInt(inCirculation.usdt) + BigInt(inEscrow.usdt));
    expect(BigInt(inEscrow.views)).toBeGreaterThanOrEqual(200n);
    expect(BigInt(issued.views)).toBeGreaterThanOrEqual(700n);
    expect(paidOut).toEqual([
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
    expect(again.totals.issued.views).toBe(issued.views);
  });
});
