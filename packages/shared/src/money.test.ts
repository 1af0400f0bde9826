import { describe, expect, it } from "vitest";
import {
  formatUsdt,
  formatViews,
  microToDecimalString,
  microUsdtToViews,
  parseUsdt,
  parseViews,
  viewsToMicroUsdt,
  wholeUsdt,
} from "./money";

describe("money", () => {
  it("parses whole views only", () => {
    expect(parseViews("1500")).toBe(1500n);
    expect(parseViews(" 7 ")).toBe(7n);
    expect(parseViews("1.5")).toBeNull();
    expect(parseViews("-3")).toBeNull();
    expect(parseViews("")).toBeNull();
  });

  it("parses USDT into micro-USDT without floating point", () => {
    expect(parseUsdt("12.5")).toBe(12_500_000n);
    expect(parseUsdt("12,50")).toBe(12_500_000n);
    expect(parseUsdt("0.000001")).toBe(1n);
    expect(parseUsdt("100")).toBe(100_000_000n);
    expect(parseUsdt("0.1234567")).toBeNull();
    expect(parseUsdt("abc")).toBeNull();
    expect(parseUsdt("1e3")).toBeNull();
  });

  it("formats views and USDT per locale", () => {
    expect(formatViews(1_234_567n)).toBe("1,234,567");
    expect(formatViews(1_234_567n, "pt-BR")).toBe("1.234.567");
    expect(formatUsdt(1_234_500_000n)).toBe("1,234.50");
    expect(formatUsdt(1_234_500_000n, "pt-BR")).toBe("1.234,50");
    expect(formatUsdt(0n)).toBe("0.00");
    expect(formatUsdt(10_000n)).toBe("0.01");
    expect(formatUsdt(5_000n)).toBe("0.005");
    expect(formatUsdt(1n)).toBe("0.000001");
    expect(formatUsdt(-2_500_000n)).toBe("-2.50");
    expect(formatUsdt(19_999n)).toBe("0.01");
  });

  it("converts at the SPEC rates", () => {
    expect(viewsToMicroUsdt(100n)).toBe(10_000_000n);
    expect(microUsdtToViews(10_000_000n)).toEqual({ views: 100n, chargedMicroUsdt: 10_000_000n });
    // Only whole views are bought: 1.25 USDT buys 12 views for exactly 1.2 USDT.
    expect(microUsdtToViews(1_250_000n)).toEqual({ views: 12n, chargedMicroUsdt: 1_200_000n });
    expect(microUsdtToViews(99_999n)).toEqual({ views: 0n, chargedMicroUsdt: 0n });
  });

  it("prints decimal strings", () => {
    expect(microToDecimalString(12_500_000n)).toBe("12.500000");
    expect(wholeUsdt(100_000_000n)).toBe("100");
    expect(wholeUsdt(1_500_000n)).toBe("1.5");
  });
});
