import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const PAUSED_AT = "2026-11-26T12:00:00.000Z";
const APPEAL_ID = "5d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a";

function setup() {
  const { session, me } = memberFixture();
  const appeals: unknown[] = [];
  const balances = { views: "0", usdt: "0", pendingUsdt: "0" };
  let appealRequestId: string | null = null;
  mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": balances,
    "GET /api/withdrawals": {
      balances,
      withdrawals: [],
      dailyLimit: "100000000",
      usedToday: "0",
      wallet: { address: null, network: null, heldUntil: null },
    },
    "GET /api/me/enforcement": () => ({
      cashoutPaused: { reason: "Five accounts on one phone", pausedAt: PAUSED_AT, appealRequestId },
    }),
    "POST /api/me/enforcement/appeal": ({ body }: { body: unknown }) => {
      appeals.push(body);
      appealRequestId = APPEAL_ID;
      return {
        cashoutPaused: {
          reason: "Five accounts on one phone",
          pausedAt: PAUSED_AT,
          appealRequestId,
        },
      };
    },
  });
  return { appeals };
}

describe("the cash-out pause banner", () => {
  it("shows the pause's reason on /withdraw and sends a prefilled appeal", async () => {
    const { appeals } = setup();
    await renderRoute("/withdraw");
    const banner = await screen.findByTestId("cashout-paused");
    expect(within(banner).getByText("Cash-out is paused on your account")).toBeTruthy();
    expect(within(banner).getByTestId("cashout-paused-reason").textContent).toBe(
      "Five accounts on one phone",
    );
    fireEvent.click(within(banner).getByRole("button", { name: "Appeal" }));
    const dialog = await screen.findByRole("dialog", { name: "Appeal the cash-out pause" });
    const message = within(dialog).getByLabelText("Your message") as HTMLTextAreaElement;
    expect(message.value).toContain('reason given: "Five accounts on one phone"');
    fireEvent.change(message, { target: { value: "   " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    expect(await within(dialog).findByText("Please write a message")).toBeTruthy();
    fireEvent.change(message, { target: { value: "It is my family's phone." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Send appeal" }));
    await waitFor(() => expect(appeals).toEqual([{ message: "It is my family's phone." }]));
    expect(await screen.findByText("Your appeal was sent to support.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Appeal" })).toBeNull();
  });
});
