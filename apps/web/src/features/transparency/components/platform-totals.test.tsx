import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
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

describe("PlatformTotals", () => {
  it("shows the ledger's totals, payouts per network and the chart", async () => {
    mockApi({
      "GET /api/transparency": {
        totals: {
          issued: { views: "12000", usdt: "5000000" },
          inCirculation: { views: "11000", usdt: "5000000" },
          inEscrow: { views: "1000", usdt: "0" },
          paidOut: [
            { network: "TRC20", usdt: "0" },
            { network: "ERC20", usdt: "0" },
            { network: "BEP20", usdt: "0" },
          ],
        },
        daily: DAILY,
        computedAt: "2026-03-31T12:00:00.000Z",
      },
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <PlatformTotals />
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId("total-issued")).textContent).toContain("12,000 views");
    expect(screen.getByTestId("total-inEscrow").textContent).toContain("1,000 views");
    expect(screen.getByTestId("total-paidOut").textContent).toContain("TRC20");
    expect(screen.getByTestId("chart-summary").textContent).toContain("1,500 views issued");
    expect(await screen.findByTestId("chart")).toBeTruthy();
  });
});
