import { describe, expect, it } from "vitest";
import { AMOUNT_LIMITS, RATES } from "./constants";
import {
  formatUsdt,
  formatUsdtTrimmed,
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

  it("refuses amounts above AMOUNT_LIMITS, which stay far from 64-bit overflow after conversion", () => {
    expect(parseViews("1000000000000")).toBe(AMOUNT_LIMITS.maxViews);
    expect(parseViews("1000000000001")).toBeNull();
    expect(parseViews("92233720368548")).toBeNull();
    expect(parseViews("999999999999999999")).toBeNull();
    expect(parseUsdt("1000000000")).toBe(AMOUNT_LIMITS.maxMicroUsdt);
    expect(parseUsdt("1000000000.000000")).toBe(AMOUNT_LIMITS.maxMicroUsdt);
    expect(parseUsdt("1000000000.000001")).toBeNull();
    expect(parseUsdt("999999999999.999999")).toBeNull();
    const int64Max = 2n ** 63n - 1n;
    // The largest swap either way fits a PostgreSQL bigint many times over.
    expect(viewsToMicroUsdt(AMOUNT_LIMITS.maxViews)).toBeLessThan(int64Max / 50n);
    expect(AMOUNT_LIMITS.maxMicroUsdt * RATES.viewsPerUsdt).toBeLessThan(int64Max / 50n);
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

  it("groups with Intl.NumberFormat in both languages, exactly for huge amounts", () => {
    const huge = 123_456_789_012_345_678_901_234_567_890n;
    expect(formatViews(huge)).toBe("123,456,789,012,345,678,901,234,567,890");
    expect(formatViews(huge, "pt-BR")).toBe("123.456.789.012.345.678.901.234.567.890");
    expect(formatViews(-huge, "pt-BR")).toBe("-123.456.789.012.345.678.901.234.567.890");
    expect(formatViews(0n, "pt-BR")).toBe("0");
    expect(formatViews(999n, "pt-BR")).toBe("999");
    expect(formatViews(1_000n, "pt-BR")).toBe("1.000");
    expect(formatViews(-1_000n)).toBe("-1,000");
    // 2^63 + 1 micro-USDT: a float would lose the last digits.
    const max = 9_223_372_036_854_775_809n;
    expect(formatUsdt(max)).toBe("9,223,372,036,854.77");
    expect(formatUsdt(max, "pt-BR")).toBe("9.223.372.036.854,77");
    expect(formatUsdt(huge * 1_000_000n + 999_999n)).toBe(
      "123,456,789,012,345,678,901,234,567,890.99",
    );
    expect(formatUsdt(-max, "pt-BR")).toBe("-9.223.372.036.854,77");
  });

  it("keeps 2 decimals, up to 6 below 0.01, rounding toward zero, in both languages", () => {
    expect(formatUsdt(0n, "pt-BR")).toBe("0,00");
    expect(formatUsdt(1n, "pt-BR")).toBe("0,000001");
    expect(formatUsdt(5_000n, "pt-BR")).toBe("0,005");
    expect(formatUsdt(9_999n, "pt-BR")).toBe("0,009999");
    expect(formatUsdt(10_000n, "pt-BR")).toBe("0,01");
    expect(formatUsdt(19_999n, "pt-BR")).toBe("0,01");
    expect(formatUsdt(1_999_999n)).toBe("1.99");
    expect(formatUsdt(-1n)).toBe("-0.000001");
    expect(formatUsdt(-5_000n, "pt-BR")).toBe("-0,005");
    expect(formatUsdt(-1_999_999n, "pt-BR")).toBe("-1,99");
    expect(formatUsdt(-1_234_567_890_000n, "pt-BR")).toBe("-1.234.567,89");
  });

  it("follows the separators Intl knows for other locales too", () => {
    expect(formatUsdt(1_234_500_000n, "de")).toBe("1.234,50");
    expect(formatViews(1_234_567n, "fr")).toBe("1\u202f234\u202f567");
    expect(formatUsdt(-1_234_500_000n, "en-IN")).toBe("-1,234.50");
    expect(formatViews(123_456_789n, "en-IN")).toBe("12,34,56,789");
  });

  it("falls back to English separators for a tag Intl cannot read", () => {
    expect(formatViews(1_234n, "not a locale")).toBe("1,234");
    expect(formatUsdt(1_234_500_000n, "not a locale")).toBe("1,234.50");
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
    expect(formatUsdtTrimmed(1_000_000_000n)).toBe("1,000");
    expect(formatUsdtTrimmed(1_000_000_000n, "pt-BR")).toBe("1.000");
    expect(formatUsdtTrimmed(2_500_000n, "pt-BR")).toBe("2,5");
    expect(formatUsdtTrimmed(-1_234_000_001n)).toBe("-1,234.000001");
  });
});
