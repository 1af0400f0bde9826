import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { addMoneyFormatters, MONEY_FORMATTERS } from "./money-formatters";

describe("the money formatters of messages with an amount inside", () => {
  it("write plain figures as every other amount is written, per language", () => {
    expect(MONEY_FORMATTERS.views("1000", "en", {})).toBe("1,000");
    expect(MONEY_FORMATTERS.views("1000000", "pt-BR", {})).toBe("1.000.000");
    expect(MONEY_FORMATTERS.usdt("100", "en", {})).toBe("100.00");
    expect(MONEY_FORMATTERS.usdt("40.5", "pt-BR", {})).toBe("40,50");
    expect(MONEY_FORMATTERS.usdt("0", "en", {})).toBe("0.00");
    expect(MONEY_FORMATTERS.views("many", "en", {})).toBe("many");
  });

  it("are used by `{{x, usdt}}` and `{{x, views}}` once registered", () => {
    const i18n = i18next.createInstance();
    void i18n.init({
      lng: "pt-BR",
      initAsync: false,
      interpolation: { escapeValue: false },
      resources: {
        "pt-BR": { translation: { min: "{{min, usdt}} USDT · {{cost, views}} views" } },
      },
    });
    addMoneyFormatters(i18n);
    expect(i18n.t("min", { min: "5000", cost: "1000" })).toBe("5.000,00 USDT · 1.000 views");
  });
});

describe("formatDecimal", () => {
  it("writes a rate or an estimate in the locale's figures, exactly", async () => {
    const { formatDecimal } = await import("./money");
    expect(formatDecimal("0.1", "pt-BR")).toBe("0,1");
    expect(formatDecimal("95.2", "pt-BR")).toBe("95,2");
    expect(formatDecimal("1234.5", "en")).toBe("1,234.5");
    expect(formatDecimal("-1200", "pt-BR")).toBe("-1.200");
  });
});
