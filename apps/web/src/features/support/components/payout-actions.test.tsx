import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TPayoutNetwork, TSupportRequest } from "@viewvault/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import type { useUpdateRequestStatus } from "../api/update-request";
import { PayoutActions } from "./payout-actions";

const REQUEST_ID = "5d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";
const request = (
  withdrawal: Partial<NonNullable<TSupportRequest["withdrawal"]>>,
): TSupportRequest => ({
  id: REQUEST_ID,
  userId: "6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  username: "alice",
  requestType: "WITHDRAWAL",
  amountUsdt: "200000000",
  network: "BEP20",
  walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  status: "PROCESSING",
  message: null,
  withdrawal: {
    id: "7d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
    amount: "200000000",
    fee: "2000000",
    net: "198000000",
    network: "BEP20",
    walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    status: "SENT",
    needsSecondApproval: false,
    txHash: null,
    explorerUrl: null,
    failureReason: null,
    processedBy: "support",
    createdAt: "2026-11-20T12:00:00.000Z",
    updatedAt: "2026-11-20T12:00:00.000Z",
    ...withdrawal,
  },
  createdAt: "2026-11-20T12:00:00.000Z",
  updatedAt: "2026-11-20T12:00:00.000Z",
});
const hotNetwork: TPayoutNetwork = {
  network: "BEP20",
  verified: true,
  requiredConfirmations: 15,
  hotWallet: {
    address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
    tokenMicroUsdt: "5000000000",
    gasWei: "2500000000000000000",
    capMicroUsdt: "1000000000",
    sentTodayMicroUsdt: "198000000",
    remainingMicroUsdt: "802000000",
  },
};
const update = { mutate: vi.fn(), isPending: false } as unknown as ReturnType<
  typeof useUpdateRequestStatus
>;

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(["support", "money", "errors"]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("PayoutActions (ADR 058)", () => {
  it("offers one-click sending with the hot wallet's balances and cap", async () => {
    const calls = mockApi({ [`POST /api/support/desk/requests/${REQUEST_ID}/send`]: request({}) });
    render(
      <TestProviders>
        <PayoutActions
          request={request({})}
          actions={["release", "complete", "fail"]}
          network={hotNetwork}
          update={update}
        />
      </TestProviders>,
    );
    expect(screen.getByTestId("hot-wallet").textContent).toBe(
      "Hot wallet 0xf39Fd6…: 5,000.00 USDT, gas 2.5000 (native coin). Today's cap: 802.00 USDT of 1,000.00 USDT left.",
    );
    // A native button: focusable and pressed with Enter or Space (the journey presses Enter).
    const send = screen.getByRole("button", { name: "Send from hot wallet" });
    expect(send.tagName).toBe("BUTTON");
    fireEvent.click(send);
    await waitFor(() =>
      expect(
        calls.mock.calls.some(([url]) => String(url).endsWith(`/requests/${REQUEST_ID}/send`)),
      ).toBe(true),
    );
    const [, init] = calls.mock.calls.find(([url]) => String(url).endsWith("/send")) ?? [];
    expect(new Headers((init as RequestInit).headers).get("idempotency-key")).toBeTruthy();
  });

  it("above the threshold asks for the approval first; confirming shows n/N and Replace", async () => {
    mockApi({});
    const { rerender } = render(
      <TestProviders>
        <PayoutActions
          request={request({ needsSecondApproval: true, approved: false })}
          actions={["release", "requestApproval", "fail"]}
          network={hotNetwork}
          update={update}
        />
      </TestProviders>,
    );
    expect(screen.queryByRole("button", { name: "Send from hot wallet" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ask an admin to approve first" }));
    expect(update.mutate).toHaveBeenCalledWith(
      { requestId: REQUEST_ID, status: "COMPLETED" },
      expect.anything(),
    );
    rerender(
      <TestProviders>
        <PayoutActions
          request={request({ status: "CONFIRMING", confirmations: 0, requiredConfirmations: 15 })}
          actions={[]}
          network={hotNetwork}
          update={update}
        />
      </TestProviders>,
    );
    expect(screen.getByTestId("payout-confirming").textContent).toBe("Sent, confirming 0/15");
    expect(screen.getByRole("button", { name: "Replace (speed up)" })).toBeTruthy();
  });

  it("says a manual network's hash is not checked", () => {
    mockApi({});
    render(
      <TestProviders>
        <PayoutActions
          request={request({ network: "TRC20" })}
          actions={["release", "complete", "fail"]}
          network={{
            network: "TRC20",
            verified: false,
            requiredConfirmations: null,
            hotWallet: null,
          }}
          update={update}
        />
      </TestProviders>,
    );
    expect(
      screen.getByText("Manual network: the hash is recorded, not checked on chain."),
    ).toBeTruthy();
  });

  it("above the threshold on a manual network asks for the approval before anything is sent", () => {
    mockApi({});
    render(
      <TestProviders>
        <PayoutActions
          request={request({ network: "TRC20", needsSecondApproval: true, approved: false })}
          actions={["release", "requestApproval", "fail"]}
          network={{
            network: "TRC20",
            verified: false,
            requiredConfirmations: null,
            hotWallet: null,
          }}
          update={update}
        />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Ask an admin to approve first" }));
    expect(update.mutate).toHaveBeenCalledWith(
      { requestId: REQUEST_ID, status: "COMPLETED" },
      expect.anything(),
    );
  });
});
