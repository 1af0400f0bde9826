import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { TSupportRequest } from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { PayoutApprovals } from "./payout-approvals";

const withdrawal = {
  id: "7a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  amount: "1500000000",
  fee: "5000000",
  net: "1495000000",
  network: "ERC20" as const,
  walletAddress: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  status: "AWAITING_APPROVAL" as const,
  needsSecondApproval: true,
  txHash: `0x${"cd".repeat(32)}`,
  explorerUrl: null,
  failureReason: null,
  processedBy: "carla",
  createdAt: "2026-11-20T12:00:00.000Z",
  updatedAt: "2026-11-20T13:00:00.000Z",
};
const request: TSupportRequest = {
  id: "6a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  userId: "1a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  username: "bruno",
  requestType: "WITHDRAWAL",
  amountUsdt: "1500000000",
  network: "ERC20",
  walletAddress: withdrawal.walletAddress,
  status: "PROCESSING",
  message: null,
  withdrawal,
  createdAt: "2026-11-20T12:00:00.000Z",
  updatedAt: "2026-11-20T13:00:00.000Z",
};
const earlier: TSupportRequest = {
  ...request,
  id: "5a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  amountUsdt: "200000000",
  status: "COMPLETED",
  withdrawal: {
    ...withdrawal,
    id: "4a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
    amount: "200000000",
    status: "FAILED",
    failureReason: "Blocked exchange",
  },
};

/** The signed-in admin (another admin than the processor unless a username is given). */
function adminSession(username = "ada") {
  const { session, me } = memberFixture({ twoFactorEnabled: true });
  me.profile.role = "admin";
  me.profile.username = username;
  return { "GET /api/auth/get-session": session, "GET /api/me": me };
}

function renderQueue() {
  render(
    <TestProviders>
      <MemoryRouter>
        <PayoutApprovals />
      </MemoryRouter>
    </TestProviders>,
  );
}

const urlOf = (input: unknown) => String(input instanceof Request ? input.url : input);

describe("PayoutApprovals", () => {
  it("shows the withdrawal with the member's history and approves it once, with a key", async () => {
    const fetchMock = mockApi({
      ...adminSession(),
      "GET /api/admin/withdrawals/awaiting-approval": {
        approvals: [{ request, history: [earlier] }],
      },
      [`POST /api/admin/withdrawals/${request.id}/approve`]: {
        ...request,
        status: "COMPLETED",
        withdrawal: { ...withdrawal, status: "COMPLETED" },
      },
    });
    renderQueue();
    expect(await screen.findByText("@bruno")).toBeTruthy();
    expect(screen.getByText("@carla")).toBeTruthy();
    expect(screen.getByText("Failed")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Approve and pay" }));
    expect(await screen.findByRole("heading", { name: "Approve this withdrawal?" })).toBeTruthy();
    const confirm = screen
      .getAllByRole("button", { name: "Approve and pay" })
      .at(-1) as HTMLElement;
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const approvals = fetchMock.mock.calls.filter(([input]) => urlOf(input).endsWith("/approve"));
    expect(approvals).toHaveLength(1);
    const [, init] = approvals[0] ?? [];
    expect(new Headers(init?.headers).get("idempotency-key")).toBeTruthy();
  });

  it("shows the four-eyes refusal in the dialog", async () => {
    mockApi({
      ...adminSession(),
      "GET /api/admin/withdrawals/awaiting-approval": { approvals: [{ request, history: [] }] },
      [`POST /api/admin/withdrawals/${request.id}/approve`]: json(
        {
          code: "FORBIDDEN",
          message: "x",
          params: { context: "secondApproval" },
        },
        403,
      ),
    });
    renderQueue();
    fireEvent.click(await screen.findByRole("button", { name: "Approve and pay" }));
    fireEvent.click(
      (await screen.findAllByRole("button", { name: "Approve and pay" })).at(-1) as HTMLElement,
    );
    expect(
      await screen.findByText(
        "The second approval must come from an admin who neither requested nor processed this withdrawal.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("No earlier withdrawals.")).toBeTruthy();
  });

  it("rejects with the reason the member sees", async () => {
    let body: unknown;
    mockApi({
      ...adminSession(),
      "GET /api/admin/withdrawals/awaiting-approval": { approvals: [{ request, history: [] }] },
      [`POST /api/admin/withdrawals/${request.id}/reject`]: ({ body: sent }: { body: unknown }) => {
        body = sent;
        return { ...request, withdrawal: { ...withdrawal, status: "FAILED" } };
      },
    });
    renderQueue();
    fireEvent.click(await screen.findByRole("button", { name: "Reject" }));
    fireEvent.change(await screen.findByLabelText("Reason"), {
      target: { value: "Wallet flagged" },
    });
    fireEvent.click(screen.getAllByRole("button", { name: "Reject" }).at(-1) as HTMLElement);
    await waitFor(() => expect(body).toEqual({ reason: "Wallet flagged" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it.each([
    ["en", "You processed this withdrawal: the second approval comes from another admin."],
    ["pt-BR", "Você processou este saque: a segunda aprovação vem de outro administrador."],
  ] as const)(
    "never offers the processor 'Approve and pay' — only rejecting, and why (%s)",
    async (locale, note) => {
      const api = adminSession("carla");
      api["GET /api/me"].profile.locale = locale;
      mockApi({
        ...api,
        "GET /api/admin/withdrawals/awaiting-approval": { approvals: [{ request, history: [] }] },
      });
      if (locale !== "en") await i18n.changeLanguage(locale);
      try {
        renderQueue();
        expect(await screen.findByRole("button", { name: /Reject|Rejeitar/ })).toBeTruthy();
        expect(screen.getByText(note)).toBeTruthy();
        expect(screen.queryByRole("button", { name: /Approve|Aprovar/ })).toBeNull();
      } finally {
        await i18n.changeLanguage("en");
      }
    },
  );
});
