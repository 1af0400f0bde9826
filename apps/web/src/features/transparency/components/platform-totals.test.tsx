import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { createQueryClient } from "@/lib/query-client";
import { mockApi } from "@/test/mock-api";
import { PlatformTotals } from "./platform-totals";

vi.mock("./flows-chart", () => ({ default: () => <div data-testid="chart" /> }));

const DAILY = Array.from({ length: 90 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  issuedViews: i === 89 ? "1500" : "0",
  issuedUsdt: "0",
  paidOutUsdt: "0",
}));

const zero = {
  issued: "0",
  inCirculation: "0",
  withdrawalEscrow: "0",
  marketplaceEscrow: "0",
  paidOut: "0",
  fees: "0",
};

/** The seen state: a 100 USDT withdrawal pending, one paid with its 6 USDT fee. */
const TOTALS = {
  VIEWS: { ...zero, issued: "12000", inCirculation: "11000", marketplaceEscrow: "1000" },
  USDT: {
    ...zero,
    issued: "6831400000",
    inCirculation: "5725400000",
    withdrawalEscrow: "100000000",
    paidOut: "1000000000",
    fees: "6000000",
  },
};

function renderTotals() {
  mockApi({
    "GET /api/transparency": {
      totals: TOTALS,
      paidOutByNetwork: [
        { network: "TRC20", usdt: "1000000000" },
        { network: "ERC20", usdt: "0" },
        { network: "BEP20", usdt: "0" },
      ],
      daily: DAILY,
      computedAt: "2026-03-31T12:00:00.000Z",
    },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PlatformTotals />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("PlatformTotals", () => {
  it("shows the admin overview's figures, fees included, payouts per network and the chart", async () => {
    renderTotals();
    expect((await screen.findByTestId("total-issued")).textContent).toContain("12,000 views");
    expect(screen.getByTestId("total-inCirculation").textContent).toContain("5,725.40 USDT");
    expect(screen.getByTestId("total-withdrawalEscrow").textContent).toContain("100.00 USDT");
    expect(screen.getByTestId("total-marketplaceEscrow").textContent).toContain("1,000 views");
    expect(screen.getByTestId("total-fees").textContent).toContain("6.00 USDT");
    expect(screen.getByTestId("total-paidOut").textContent).toContain("TRC20");
    expect(screen.getByTestId("total-fees").textContent).toContain("Fees");
    expect(screen.getByText("Issued = in circulation + in escrow + paid out + fees.")).toBeTruthy();
    expect(screen.getByTestId("chart-summary").textContent).toContain("1,500 views issued");
    expect(await screen.findByTestId("chart")).toBeTruthy();
  });

  it("in Portuguese too", async () => {
    await i18n.changeLanguage("pt-BR");
    renderTotals();
    expect((await screen.findByTestId("total-fees")).textContent).toContain("Taxas");
    expect(screen.getByTestId("total-withdrawalEscrow").textContent).toContain(
      "Em custódia para saques",
    );
  });
});
