import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

describe("/referrals", () => {
  it("shows totals and the calculations for 10, 50 and 100 referrals", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/referrals/summary": {
        totalReferrals: 0,
        paidReferrals: 0,
        heldReferrals: 0,
        viewsFromReferrals: "0",
        usdtFromReferrals: "0",
        badge: null,
        recent: [],
      },
    });
    await renderRoute("/referrals");
    expect(await screen.findByRole("heading", { level: 1, name: "Referral System" })).toBeTruthy();
    expect(await screen.findByText("No badge yet")).toBeTruthy();
    expect(screen.getByText("10 more referrals to reach Silver.")).toBeTruthy();
    expect((screen.getByLabelText("Your referral link") as HTMLInputElement).value).toBe(
      `${window.location.origin}/@alice`,
    );

    fireEvent.mouseDown(screen.getByRole("tab", { name: "Calculations" }));
    fireEvent.click(screen.getByRole("tab", { name: "Calculations" }));
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      "10Silver10 views10.00 USDT",
      "50Gold50 views50.00 USDT",
      "100Diamond100 views100.00 USDT",
    ]);
    fireEvent.change(screen.getByLabelText("USDT credited to each referral per month"), {
      target: { value: "25.5" },
    });
    expect(within(table).getByText("2.55 USDT")).toBeTruthy();
  });
});
