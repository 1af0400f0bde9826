import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { memberFixture, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { MyMarket } from "./my-market";

const ALICE = { id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f", username: "alice", isVerified: false };
const CANCELLED = {
  id: "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  viewsQuantity: "100",
  priceUsdtPerView: "100000",
  totalPriceUsdt: "10000000",
  seller: ALICE,
  buyer: null,
  status: "CANCELLED",
  createdAt: "2026-03-01T12:00:00.000Z",
  closedAt: "2026-03-05T18:30:00.000Z",
};

describe.each([
  ["en", /^Listed Mar 1, 2026.* · Cancelled Mar 5, 2026/],
  ["pt-BR", /^Anunciada em 1 de mar\.? de 2026.* · Cancelada em 5 de mar\.? de 2026/],
] as const)("my offers (%s)", (lang, times) => {
  it("show a cancelled offer's listing time and its closing time, each named", async () => {
    await i18nReady;
    await i18n.changeLanguage(lang);
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": {
        views: "0",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
      "GET /api/marketplace/offers": { offers: [], page: 1, pageSize: 20, hasMore: false },
      "GET /api/marketplace/mine": { offers: [CANCELLED], purchases: [] },
    });
    await i18n.loadNamespaces("marketplace");
    render(
      <TestProviders>
        <MyMarket />
      </TestProviders>,
    );
    const row = await screen.findByTestId("my-offer");
    expect(within(row).getByTestId("offer-times").textContent).toMatch(times);
    await i18n.changeLanguage("en");
  });
});
