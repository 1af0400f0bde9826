import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const ME_ID = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f";

const entry = (
  rank: number,
  username: string,
  id = `00000000-0000-4000-8000-${String(rank).padStart(12, "0")}`,
) => ({
  rank,
  member: { id, username, isVerified: false },
  earnedViews: String(10_000 - rank),
  earnedUsdt: "1500000",
  referralCount: rank === 1 ? 12 : 0,
});

const SUMMARY = {
  members: 1247,
  viewsInCirculation: "2400000",
  usdtVolume: "89200000000",
  computedAt: "2026-03-01T12:00:00.000Z",
};

function setup(ranking: unknown, online: string[] = []) {
  const { session, me } = memberFixture();
  mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/ranking": ranking,
    "GET /api/presence": { online },
  });
}

describe("/ranking", () => {
  it("shows the summary, the Hall of Fame and my own row even when it is not on the page", async () => {
    setup({
      period: "week",
      page: 1,
      pageSize: 50,
      hasMore: true,
      entries: [entry(1, "diego"), entry(2, "bruno"), entry(3, "carla"), entry(4, "emma")],
      me: entry(77, "alice", ME_ID),
      hidden: false,
      summary: SUMMARY,
    });
    await renderRoute("/ranking");
    expect(await screen.findAllByTestId("hall-of-fame")).toHaveLength(3);
    expect(screen.getByTestId("ranking-members").textContent).toBe("1,247");
    expect(screen.getByTestId("ranking-volume").textContent).toBe("89,200.00 USDT");
    const mine = screen.getByTestId("ranking-me");
    expect(within(mine).getByText("#77")).toBeTruthy();
    expect(within(mine).getByText("You")).toBeTruthy();
    expect(screen.getAllByTestId("ranking-row")).toHaveLength(4);
    expect(screen.getAllByText("Silver").length).toBeGreaterThan(0);
    fireEvent.mouseDown(screen.getByRole("tab", { name: "All time" }));
    expect(screen.getByRole("tab", { name: "All time" }).getAttribute("data-state")).toBe("active");
  });

  it("shows each member's online dot, in the Hall of Fame and the list", async () => {
    const diego = entry(1, "diego");
    setup(
      {
        period: "week",
        page: 1,
        pageSize: 50,
        hasMore: false,
        entries: [diego, entry(2, "bruno")],
        me: null,
        hidden: false,
        summary: SUMMARY,
      },
      [diego.member.id],
    );
    await renderRoute("/ranking");
    const [first] = await screen.findAllByTestId("ranking-row");
    await waitFor(() =>
      expect(
        within(first as HTMLElement)
          .getByTestId("online-dot")
          .getAttribute("data-online"),
      ).toBe("true"),
    );
    const [second] = screen.getAllByTestId("ranking-row").slice(1);
    expect(
      within(second as HTMLElement)
        .getByTestId("online-dot")
        .getAttribute("data-online"),
    ).toBe("false");
    const [podium] = screen.getAllByTestId("hall-of-fame");
    expect(
      within(podium as HTMLElement)
        .getByTestId("online-dot")
        .getAttribute("data-online"),
    ).toBe("true");
  });

  it("says when there is no ranking data", async () => {
    setup({
      period: "week",
      page: 1,
      pageSize: 50,
      hasMore: false,
      entries: [],
      me: null,
      hidden: false,
      summary: null,
    });
    await renderRoute("/ranking");
    expect(await screen.findByText("No ranking data available at this time.")).toBeTruthy();
  });

  it("offers a retry when it cannot load", async () => {
    setup(json({ code: "INTERNAL", message: "x" }, 500));
    await renderRoute("/ranking");
    expect(await screen.findByText("Could not load the ranking. Please try again.")).toBeTruthy();
  });
});
