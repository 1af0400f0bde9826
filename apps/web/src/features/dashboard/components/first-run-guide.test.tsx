import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { memberFixture, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { FirstRunGuide } from "./first-run-guide";

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe.each([
  [
    "en",
    "Earnings are held first",
    /held first: it shows as pending for 24 hours \(up to 72 hours/,
    "while we check that the views were real",
  ],
  [
    "pt-BR",
    "Os ganhos ficam retidos primeiro",
    /retido primeiro: aparece como pendente por 24 horas \(até 72 horas/,
    "enquanto verificamos que as visualizações foram reais",
  ],
] as const)("the first-run guide (%s)", (lang, title, howLong, why) => {
  it("says earnings are held first, for how long and why (a new member sees them pending)", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces("dashboard");
    const { session, me } = memberFixture({ firstRunDismissed: false });
    mockApi({ "GET /api/auth/get-session": session, "GET /api/me": me });
    render(
      <TestProviders>
        <MemoryRouter>
          <FirstRunGuide />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByText(title)).toBeTruthy();
    const text = screen.getByTestId("first-run-guide").textContent ?? "";
    expect(text).toMatch(howLong);
    expect(text).toContain(why);
    expect(text).not.toContain("grows with every video you finish");
  });
});
