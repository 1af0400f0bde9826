import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { BonusDialog } from "./bonus-dialog";

const toasts = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock("sonner", () => ({ toast: toasts }));

const member = { id: "1a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d", username: "bruno" };
const bonus = {
  id: "2a0f1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d",
  status: "AVAILABLE",
  claimAmount: "25000000",
  reason: "Launch week",
  createdAt: "2026-11-20T12:00:00.000Z",
  claimedAt: null,
};

describe("BonusDialog", () => {
  it("checks the form, asks for a step-up, then grants the bonus once", async () => {
    let confirmed = false;
    const grants: unknown[] = [];
    const fetchMock = mockApi({
      [`POST /api/admin/members/${member.id}/bonuses`]: ({ body }: { body: unknown }) => {
        grants.push(body);
        return confirmed
          ? json(bonus, 201)
          : json({ code: "STEP_UP_REQUIRED", message: "Confirm it is you" }, 403);
      },
      "POST /api/admin/step-up": () => {
        confirmed = true;
        return { confirmedAt: "2026-11-20T12:00:00.000Z", validUntil: "2026-11-20T12:05:00.000Z" };
      },
    });
    const onClose = vi.fn();
    render(
      <TestProviders>
        <BonusDialog member={member} onClose={onClose} />
      </TestProviders>,
    );
    expect(
      await screen.findByRole("heading", { name: "Grant an event bonus to @bruno" }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Grant bonus" }));
    expect(await screen.findByText("Please give the reason")).toBeTruthy();
    expect(grants).toHaveLength(0);

    fireEvent.change(screen.getByLabelText("Amount (USDT)"), { target: { value: "25" } });
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Launch week" } });
    fireEvent.click(screen.getByRole("button", { name: "Grant bonus" }));
    expect(await screen.findByRole("heading", { name: "Confirm it is you" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use my password instead" }));
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "admin-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(grants).toEqual([
      { amount: "25", reason: "Launch week" },
      { amount: "25", reason: "Launch week" },
    ]);
    expect(toasts.success).toHaveBeenCalledWith(expect.stringContaining("granted to @bruno"));
    // A money button: every grant carries an Idempotency-Key; the refused first attempt ended
    // its intent, so the retry after the step-up is a new one.
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith("/bonuses"))
      .map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{20,}$/);
    expect(keys[1]).toMatch(/^[\w-]{20,}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });
});
