import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { AdminOverview } from "./admin-overview";

const zero = {
  issued: "0",
  inCirculation: "0",
  withdrawalEscrow: "0",
  marketplaceEscrow: "0",
  paidOut: "0",
  fees: "0",
};
const COUNTS = {
  members: 5,
  confirmed: 5,
  suspended: 0,
  staff: 1,
  heldReferrals: 0,
  onlineNow: 1,
  pendingWithdrawals: 1,
  awaitingApproval: 0,
  openSupportRequests: 0,
};

function renderOverview() {
  mockApi({
    "GET /api/admin/overview": {
      totals: {
        VIEWS: zero,
        USDT: {
          ...zero,
          issued: "6831400000",
          inCirculation: "5725400000",
          withdrawalEscrow: "100000000",
          paidOut: "1000000000",
          fees: "6000000",
        },
      },
      counts: COUNTS,
    },
  });
  render(
    <TestProviders>
      <MemoryRouter>
        <AdminOverview />
      </MemoryRouter>
    </TestProviders>,
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("AdminOverview totals (the transparency page's figures)", () => {
  it("shows the pending withdrawal in escrow, not among the members' balances, and the fees", async () => {
    await i18n.loadNamespaces(["admin"]);
    renderOverview();
    const usdt = within(await screen.findByRole("region", { name: "USDT" }));
    const row = (label: string) => usdt.getByText(label).parentElement?.textContent;
    expect(row("In circulation")).toContain("5,725.40 USDT");
    expect(row("In escrow for withdrawals")).toContain("100.00 USDT");
    expect(row("Fees")).toContain("6.00 USDT");
  });

  it("in Portuguese too", async () => {
    await i18n.changeLanguage("pt-BR");
    await i18n.loadNamespaces(["admin"]);
    renderOverview();
    const usdt = within(await screen.findByRole("region", { name: "USDT" }));
    expect(usdt.getByText("Em custódia para saques").parentElement?.textContent).toContain(
      "100,00 USDT",
    );
  });
});
