import { describe, expect, it } from "vitest";
import { swapPreview } from "./swap-preview";

const balances = { views: 1_000n, usdt: 50_000_000n };

describe("swapPreview", () => {
  it("is empty until something is typed", () => {
    expect(swapPreview("VIEWS_TO_USDT", "  ", balances)).toEqual({ status: "empty" });
  });

  it("sells views at 0.1 USDT each", () => {
    expect(swapPreview("VIEWS_TO_USDT", "150", balances)).toEqual({
      status: "ok",
      spend: 150n,
      receive: 15_000_000n,
      change: 0n,
      insufficient: false,
    });
  });

  it("buys whole views only and charges exactly views ÷ 10 USDT", () => {
    expect(swapPreview("USDT_TO_VIEWS", "12.55", balances)).toEqual({
      status: "ok",
      spend: 12_500_000n,
      receive: 125n,
      change: 50_000n,
      insufficient: false,
    });
    expect(swapPreview("USDT_TO_VIEWS", "12,5", balances)).toMatchObject({ receive: 125n });
  });

  it("refuses what is not a number above zero (or buys no whole view)", () => {
    for (const input of ["abc", "0", "-5", "1.5"]) {
      expect(swapPreview("VIEWS_TO_USDT", input, balances)).toEqual({ status: "invalid" });
    }
    for (const input of ["0", "0.05", "1.2.3", "x"]) {
      expect(swapPreview("USDT_TO_VIEWS", input, balances)).toEqual({ status: "invalid" });
    }
  });

  it("flags more than the balance", () => {
    expect(swapPreview("VIEWS_TO_USDT", "1001", balances)).toMatchObject({ insufficient: true });
    expect(swapPreview("VIEWS_TO_USDT", "1000", balances)).toMatchObject({ insufficient: false });
    expect(swapPreview("USDT_TO_VIEWS", "50.09", balances)).toMatchObject({ insufficient: false });
    expect(swapPreview("USDT_TO_VIEWS", "50.1", balances)).toMatchObject({ insufficient: true });
  });
});
