import { render, screen, waitFor } from "@testing-library/react";
import type { TSupportRequest } from "@viewvault/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { memberFixture, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { DeskTable } from "./desk-table";

const taken: TSupportRequest = {
  id: "5d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  userId: "6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  username: "bruno",
  requestType: "WITHDRAWAL",
  amountUsdt: "100000000",
  network: "TRC20",
  walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  status: "PROCESSING",
  message: null,
  withdrawal: {
    id: "7d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
    amount: "100000000",
    fee: "1000000",
    net: "99000000",
    network: "TRC20",
    walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    status: "SENT",
    needsSecondApproval: false,
    txHash: null,
    explorerUrl: null,
    failureReason: null,
    processedBy: "alice",
    createdAt: "2026-11-20T12:00:00.000Z",
    updatedAt: "2026-11-20T12:00:00.000Z",
  },
  createdAt: "2026-11-20T12:00:00.000Z",
  updatedAt: "2026-11-20T12:00:00.000Z",
} as TSupportRequest;

function renderDesk() {
  const { session, me } = memberFixture({ twoFactorEnabled: true });
  me.profile.role = "admin";
  mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/support/desk/requests": { requests: [taken], page: 1, pageSize: 20, total: 1 },
    "GET /api/support/desk/payout-networks": { networks: [] },
  });
  render(
    <TestProviders>
      <DeskTable unlockedUntil="2026-11-20T12:15:00.000Z" />
    </TestProviders>,
  );
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage("en");
});

describe.each([
  ["en", "Processing", "Taken by alice"],
  ["pt-BR", "Processando", "Assumido por alice"],
] as const)("a taken withdrawal's desk row (%s)", (lang, processing, takenBy) => {
  it("says one status: the badge, the dropdown and who took it agree", async () => {
    await i18n.changeLanguage(lang);
    await i18n.loadNamespaces(["support", "money"]);
    renderDesk();
    const select = (await screen.findByTestId("desk-status")) as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.textContent).toBe(processing));
    expect(screen.getByTestId("support-withdrawal-status").textContent).toBe(processing);
    expect(screen.getByText(takenBy)).toBeTruthy();
  });
});
