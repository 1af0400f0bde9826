import { describe, expect, it } from "vitest";
import { MONEY_FORMATTERS } from "./money-formatters";

describe("the money formatters of messages with an amount inside", () => {
  it("write plain figures as every other amount is written, per language", () => {
    expect(MONEY_FORMATTERS.views("1000", "en", {})).toBe("1,000");
    expect(MONEY_FORMATTERS.views("1000000", "pt-BR", {})).toBe("1.000.000");
    expect(MONEY_FORMATTERS.usdt("100", "en", {})).toBe("100.00");
    expect(MONEY_FORMATTERS.usdt("40.5", "pt-BR", {})).toBe("40,50");
    expect(MONEY_FORMATTERS.usdt("0", "en", {})).toBe("0.00");
    expect(MONEY_FORMATTERS.views("many", "en", {})).toBe("many");
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
