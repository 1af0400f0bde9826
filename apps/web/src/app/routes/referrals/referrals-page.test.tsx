import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
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

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("lists every referral page by page and shares the link (Web Share API, else copy)", async () => {
    const { session, me } = memberFixture();
    const entry = (n: number) => ({
      id: `00000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
      referred: {
        id: `10000000-0000-4000-8000-0000000000${String(n).padStart(2, "0")}`,
        username: `friend${n}`,
        isVerified: false,
      },
      viewsBonus: "1",
      usdtBonus: "0",
      earnedViews: "1",
      earnedUsdt: "0",
      status: "PAID",
      createdAt: "2026-11-20T10:00:00.000Z",
    });
    const cursors: Array<string | null> = [];
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/referrals/summary": {
        totalReferrals: 5,
        paidReferrals: 5,
        heldReferrals: 0,
        viewsFromReferrals: "5",
        usdtFromReferrals: "0",
        badge: null,
        recent: [entry(1), entry(2), entry(3)],
      },
      "GET /api/referrals": ({ url }: { url: URL }) => {
        const cursor = url.searchParams.get("cursor");
        cursors.push(cursor);
        return cursor
          ? { referrals: [entry(4), entry(5)], nextCursor: null }
          : { referrals: [entry(1), entry(2), entry(3)], nextCursor: "123_abc" };
      },
    });
    const share = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, share, canShare: () => true });
    await renderRoute("/referrals");
    const list = await screen.findByRole("list", { name: "All your referrals" });
    await within(list).findByText("@friend3");
    expect(within(list).getAllByTestId("referral-row")).toHaveLength(3);
    fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    await within(list).findByText("@friend5");
    expect(within(list).getAllByTestId("referral-row")).toHaveLength(5);
    expect(cursors).toEqual([null, "123_abc"]);
    expect(await screen.findByText("That is all: 5 referrals.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Share" }));
    expect(share).toHaveBeenCalledWith({
      title: "Join me on ViewVault",
      text: "Watch videos and earn views on ViewVault — sign up with my link:",
      url: `${window.location.origin}/@alice`,
    });
    expect(screen.getByRole("link", { name: "WhatsApp" }).getAttribute("href")).toContain(
      encodeURIComponent(`${window.location.origin}/@alice`),
    );
  });
});
