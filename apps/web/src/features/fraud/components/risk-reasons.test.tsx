import { render } from "@testing-library/react";
import type { TRiskReason } from "@viewvault/shared";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { RiskReasons } from "./risk-reasons";

const reasons = (n: number): TRiskReason[] => [
  { code: "sharedDevice", points: 30, params: { accounts: n } },
  { code: "referralFlagged", points: 10, params: { referrals: n } },
  { code: "identicalTimings", points: 10, params: { sessions: n } },
];

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe.each([
  [
    "en",
    ["Shares a device with 1 other account", "1 referral held or rejected as suspicious"],
    ["Shares a device with 3 other accounts", "3 sessions with identical timings"],
  ],
  [
    "pt-BR",
    ["Compartilha um dispositivo com 1 outra conta", "1 indicação retida ou rejeitada"],
    ["Compartilha um dispositivo com 3 outras contas", "3 sessões com tempos idênticos"],
  ],
] as const)("risk reasons (%s)", (lang, singular, plural) => {
  it("are written in plural forms, never 'account(s)'", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces("fraud");
    const one = render(<RiskReasons reasons={reasons(1)} />).container.textContent ?? "";
    for (const text of singular) expect(one).toContain(text);
    const three = render(<RiskReasons reasons={reasons(3)} />).container.textContent ?? "";
    for (const text of plural) expect(three).toContain(text);
    expect(one + three).not.toMatch(/\(s\)|\(ões\)/);
  });
});
