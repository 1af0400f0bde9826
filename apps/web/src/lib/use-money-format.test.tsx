import { renderHook, waitFor } from "@testing-library/react";
import { afterAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { useMoneyFormat } from "./use-money-format";

async function inLanguage(language: "en" | "pt-BR") {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces("money");
  const { result } = renderHook(() => useMoneyFormat());
  await waitFor(() => expect(result.current.locale).toBe(language));
  return result.current;
}

afterAll(async () => {
  await i18n.changeLanguage("en");
});

describe("useMoneyFormat", () => {
  it("formats with the English separators, exactly for huge balances", async () => {
    const fmt = await inLanguage("en");
    expect(fmt.views(1_234_567n)).toBe("1,234,567");
    expect(fmt.views("98765432109876543210")).toBe("98,765,432,109,876,543,210");
    expect(fmt.usdt("9223372036854775809")).toBe("9,223,372,036,854.77");
    expect(fmt.usdt(5_000n)).toBe("0.005");
    expect(fmt.amount(1n, "VIEWS")).toBe("1 view");
    expect(fmt.amount(-1_500n, "VIEWS", { signed: true })).toBe("−1,500 views");
    expect(fmt.amount(12_500_000n, "USDT", { signed: true })).toBe("+12.50 USDT");
    expect(fmt.signed(-1_234_567_890_000n, "USDT")).toBe("−1,234,567.89");
    expect(fmt.signed(0n, "VIEWS")).toBe("0");
  });

  it("formats with the Portuguese separators", async () => {
    const fmt = await inLanguage("pt-BR");
    expect(fmt.views(1_234_567n)).toBe("1.234.567");
    expect(fmt.views("98765432109876543210")).toBe("98.765.432.109.876.543.210");
    expect(fmt.usdt("9223372036854775809")).toBe("9.223.372.036.854,77");
    expect(fmt.usdt(1n)).toBe("0,000001");
    expect(fmt.usdt(19_999n)).toBe("0,01");
    expect(fmt.amount(-2_500_000n, "USDT", { signed: true })).toBe("−2,50 USDT");
    expect(fmt.signed(1_000n, "VIEWS")).toBe("+1.000");
  });
});
