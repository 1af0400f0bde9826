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

async function balances(c: Awaited<ReturnType<typeof member>>["c"]) {
  return (await c.request("GET", "/api/balances")).json() as {
    views: string;
    usdt: string;
    pendingUsdt: string;
  };
}

describe("swap center", () => {
  it("swaps views to USDT at 0.1 USDT per view and back buying whole views only", async () => {
    const { c } = await member(1_000n);
    const toUsdt = await c.request("POST", "/api/swaps", {
      direction: "VIEWS_TO_USDT",
      amount: "150",
    });
    expect(toUsdt.statusCode).toBe(200);
    expect(toUsdt.json().swap).toMatchObject({
      viewsAmount: "150",
      usdtAmount: "15000000",
      swapRate: "0.100000",
      status: "COMPLETED",
    });
    expect(toUsdt.json().balances).toMatchObject({ views: "850", usdt: "15000000" });

    // 1.25 USDT buys 12 whole views for exactly 1.2 USDT.
    const toViews = await c.request("POST", "/api/swaps", {
      direction: "USDT_TO_VIEWS",
      amount: "1.25",
    });
    expect(toViews.statusCode).toBe(200);
    expect(toViews.json().swap).toMatchObject({ viewsAmount: "12", usdtAmount: "1200000" });
    expect(await balances(c)).toMatchObject({ views: "862", usdt: "13800000" });

    const recent = await c.request("GET", "/api/swaps");
    expect(recent.json().swaps.map((s: { direction: string }) => s.direction)).toEqual([
      "USDT_TO_VIEWS",
      "VIEWS_TO_USDT",
    ]);
  });

  it("answers the seeds' messages in the member's language", async () => {
    const { c } = await member(10n, USDT(1));
    for (const amount of ["0", "-5", "abc", "1.5"]) {
      const res = await c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({
        code: "INVALID_AMOUNT",
        message: "Please enter a valid amount",
        field: "amount",
      });
    }
    // The seeds' words are Portuguese: a member who reads Portuguese gets them verbatim.
    const pt = await c.request("PATCH", "/api/me/profile", { locale: "pt-BR" });
    expect(pt.statusCode).toBe(200);
    const tooSmall = await c.request("POST", "/api/swaps", {
      direction: "USDT_TO_VIEWS",
      amount: "0.05",
    });
    expect(tooSmall.json().message).toBe("Digite um valor válido");
    const views = await c.request("POST", "/api/swaps", {
      direction: "VIEWS_TO_USDT",
      amount: "11",
    });
    expect(views.statusCode).toBe(422);
    expect(views.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "Você não possui views suficientes",
      params: { context: "swapViews" },
    });
    const usdt = await c.request("POST", "/api/swaps", { direction: "USDT_TO_VIEWS", amount: "2" });
    expect(usdt.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "Você não possui USDT suficiente",
    });
    expect(await balances(c)).toMatchObject({ views: "10", usdt: "1000000" });
  });
});
