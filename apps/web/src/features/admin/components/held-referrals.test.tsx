import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { THeldReferral } from "@viewvault/shared";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { json, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { HeldReferrals } from "./held-referrals";

const referral: THeldReferral = {
  id: "6a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  referrer: { id: "1a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "bruno", isVerified: false },
  referee: { id: "2a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "newbie", isVerified: false },
  viewsBonus: "1",
  usdtBonus: "10000000",
  status: "HELD",
  flagReason: "same network (10.0.0.1)",
  refereeSignupIp: "10.0.0.1",
  referrerSignupIp: "10.0.0.1",
  refereeUserAgent: "UA",
  referrerUserAgent: "UA",
  accountsOnNetwork: 2,
  decisionReason: null,
  decidedAt: null,
  createdAt: "2026-11-20T12:00:00.000Z",
};

function renderQueue() {
  render(
    <TestProviders>
      <MemoryRouter>
        <HeldReferrals />
      </MemoryRouter>
    </TestProviders>,
  );
}

describe("HeldReferrals", () => {
  it("shows the evidence, asks for a reason, then a step-up, and retries the approval", async () => {
    const keys: string[] = [];
    let confirmed = false;
    const fetchMock = mockApi({
      "GET /api/admin/referrals/held": { referrals: [referral] },
      [`POST /api/admin/referrals/${referral.id}/approve`]: () =>
        confirmed
          ? { referral: { ...referral, status: "PAID" } }
          : json({ code: "STEP_UP_REQUIRED", message: "Confirm it is you" }, 403),
      "POST /api/admin/step-up": ({ body }: { body: unknown }) => {
        expect(body).toEqual({ password: "admin-password-1" });
        confirmed = true;
        return { confirmedAt: "2026-11-20T12:00:00.000Z", validUntil: "2026-11-20T12:05:00.000Z" };
      },
    });
    renderQueue();
    expect(await screen.findByText("same network (10.0.0.1)")).toBeTruthy();
    expect(
      screen.getByText("Same browser and device · 2 accounts signed up from this address"),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Approve and pay" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(
      screen.getAllByRole("button", { name: "Approve and pay" }).at(-1) as HTMLElement,
    );
    expect(await screen.findByText("Please give the reason")).toBeTruthy();
    expect(dialog).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "siblings" } });
    fireEvent.click(
      screen.getAllByRole("button", { name: "Approve and pay" }).at(-1) as HTMLElement,
    );
    expect(await screen.findByRole("heading", { name: "Confirm it is you" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use my password instead" }));
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "admin-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(confirmed).toBe(true));
    await waitFor(() => {
      const approvals = fetchMock.mock.calls.filter(
        ([input, init]) =>
          String(input instanceof Request ? input.url : input).endsWith("/approve") &&
          (init?.method ?? "GET") === "POST",
      );
      expect(approvals).toHaveLength(2);
      for (const [, init] of approvals) {
        keys.push(new Headers(init?.headers).get("idempotency-key") ?? "");
      }
    });
    // The refused first try ended its intent: the retry is a new key, each one present.
    expect(keys.every((key) => key.length > 0)).toBe(true);
    // Approved: the dialogs close.
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
