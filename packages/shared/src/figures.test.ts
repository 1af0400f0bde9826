import { describe, expect, it } from "vitest";
import { ATTENTION, HOLD, RISK } from "./attention";
import { WITHDRAWAL } from "./constants";
import { policyFigures } from "./figures";
import { wholeUsdt } from "./money";

describe("policyFigures", () => {
  it("renders the figures from the constants, per locale", () => {
    const en = policyFigures("en");
    const pt = policyFigures("pt-BR");
    expect(en.minWithdrawal).toBe(wholeUsdt(WITHDRAWAL.minMicroUsdt));
    expect(en.feeErc20).toBe("5");
    expect(en.milestone3Reward).toBe("100");
    expect(en.milestone3Views).toBe("10,000");
    expect(pt.milestone3Views).toBe("10.000");
    expect(en.dailyLimitVerified).toBe("5,000");
    expect(en.usdtPerView).toBe("0.1");
    expect(pt.usdtPerView).toBe("0,1");
    expect(en.processingMin).toBe("24");
    expect(pt.governingLaw).toBe("Brasil");
    // Earnings on hold (ADR 047): the policy pages quote the hold windows.
    expect(en.holdHours).toBe(String(HOLD.hoursByRisk.normal));
    expect(en.holdHoursHighRisk).toBe(String(HOLD.hoursByRisk.high));
  });

  it("quotes the attention, hold and risk rules the server enforces", () => {
    const en = policyFigures("en");
    expect(en.attentionContentSeconds).toBe(String(ATTENTION.contentSeconds));
    expect(en.attentionVisiblePercent).toBe("50");
    expect(en.holdHours).toBe(String(HOLD.hoursByRisk.normal));
    expect(en.holdHoursHighRisk).toBe(String(HOLD.hoursByRisk.high));
    expect(en.riskHighAt).toBe(String(RISK.highAt));
  });

  it("has the same keys in every locale", () => {
    expect(Object.keys(policyFigures("pt-BR")).sort()).toEqual(
      Object.keys(policyFigures("en")).sort(),
    );
  });
});
