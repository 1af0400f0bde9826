import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, USDT } from "../../../test/factories";

const t = useTestApp({
  env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  verifyLedger: true,
});

function member(views = 0n, usdt = 0n) {
  return createSignedInMember(t.app, { views, usdt });
}

describe("activity", () => {
  it("lists every entry with reason, counterparty and balance after, pages, filters and exports CSV", async () => {
    const a = await member(1_000n, USDT(200));
    const b = await member();
    await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "100",
    });
    await a.c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "10" });
    const page1 = (await a.c.request("GET", "/api/activity?limit=2")).json();
    expect(page1.entries).toHaveLength(2);
    expect(page1.entries[0]).toMatchObject({
      kind: "swap",
      currency: "USDT",
      amount: "1000000",
      balanceAfter: "201000000",
    });
    expect(page1.entries[1]).toMatchObject({
      kind: "swap",
      currency: "VIEWS",
      amount: "-10",
      balanceAfter: "890",
    });
    const page2 = (
      await a.c.request("GET", `/api/activity?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.entries[0]).toMatchObject({
      kind: "transfer",
      amount: "-100",
      balanceAfter: "900",
      counterparty: { username: b.me.profile.username },
    });
    const usdtOnly = (await a.c.request("GET", "/api/activity?currency=USDT")).json();
    expect(usdtOnly.entries.every((e: { currency: string }) => e.currency === "USDT")).toBe(true);
    const transfersOnly = (await a.c.request("GET", "/api/activity?kind=transfer")).json();
    expect(transfersOnly.entries).toHaveLength(1);
    const csv = await a.c.request("GET", "/api/activity.csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe(
      "date,kind,currency,amount,balance_after,counterparty,transaction_id,balance,clears_at",
    );
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toContain(",swap,USDT,1.000000,201.000000,");
  });
});
