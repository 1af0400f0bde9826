import { describe, expect, it } from "vitest";
import { swapProblem, swapQuote } from "./swap-checks";

const balances = { views: 150n, usdt: 12_340_000n };

describe("swapQuote", () => {
  it("converts views to USDT at 0.1 USDT per view", () => {
    expect(swapQuote("VIEWS_TO_USDT", "150", balances)).toEqual({
      status: "ok",
      spend: 150n,
      receive: 15_000_000n,
      change: 0n,
      insufficient: false,
    });
  });

  it("buys whole views only and charges exactly views ÷ 10", () => {
    expect(swapQuote("USDT_TO_VIEWS", "1.25", balances)).toEqual({
      status: "ok",
      spend: 1_200_000n,
      receive: 12n,
      change: 50_000n,
      insufficient: false,
    });
    expect(swapQuote("USDT_TO_VIEWS", "0.05", balances).status).toBe("invalid");
  });

  it("says what is missing, in the seeds' order", () => {
    expect(swapQuote("VIEWS_TO_USDT", "", balances).status).toBe("empty");
    expect(swapProblem(swapQuote("VIEWS_TO_USDT", "-3", balances), "VIEWS_TO_USDT")?.code).toBe(
      "INVALID_AMOUNT",
    );
    expect(swapProblem(swapQuote("VIEWS_TO_USDT", "151", balances), "VIEWS_TO_USDT")).toEqual({
      code: "INSUFFICIENT_BALANCE",
      field: "amount",
      params: { context: "swapViews" },
    });
    expect(
      swapProblem(swapQuote("USDT_TO_VIEWS", "20", balances), "USDT_TO_VIEWS")?.params,
    ).toEqual({ context: "swapUsdt" });
    expect(swapProblem(swapQuote("VIEWS_TO_USDT", "150", balances), "VIEWS_TO_USDT")).toBeNull();
  });
});
