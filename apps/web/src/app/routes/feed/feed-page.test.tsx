import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TFeedPage, TVideo } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const OWNER = "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f"; // memberFixture's profile id
const NOW = new Date().toISOString();

function video(n: number, overrides: Partial<TVideo> = {}): TVideo {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    ownerId: "11111111-1111-4111-8111-111111111111",
    ownerUsername: "bruno",
    title: `Video number ${n}`,
    youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    youtubeId: "dQw4w9WgXcQ",
    country: "BR",
    theme: "Music",
    thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
    watchedCount: 12,
    boostedUntil: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

function page(overrides: Partial<TFeedPage> = {}): TFeedPage {
  return { boosted: [], videos: [], nextCursor: null, serverTime: NOW, ...overrides };
}

describe("/feed", () => {
  it("shows boosted videos first with their badge, cards with badges and the owner's Boost 24h", async () => {
    const { session, me } = memberFixture();
    const boostedUntil = new Date(Date.now() + 5 * 3_600_000 + 30 * 60_000).toISOString();
    const fetchMock = mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": {
        views: "1234",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
      "GET /api/videos": ({ url }: { url: URL }) =>
        url.searchParams.get("country") === "JP"
          ? page()
          : page({
              boosted: [video(1, { boostedUntil, title: "Boosted one" })],
              videos: [
                video(2, { ownerId: OWNER, title: "Mine", country: "JP", theme: "Gaming" }),
                video(3),
              ],
            }),
    });
    await renderRoute("/feed");
    expect(await screen.findByRole("heading", { level: 1, name: "Video Feed" })).toBeTruthy();
    const cards = await screen.findAllByTestId("video-card");
    expect(cards.map((c) => within(c).getByRole("heading").textContent)).toEqual([
      "Boosted one",
      "Mine",
      "Video number 3",
    ]);
    const boosted = cards[0] as HTMLElement;
    expect(within(boosted).getByText("Limited Edition")).toBeTruthy();
    expect(within(boosted).getByText(/5h (29|30)m left/)).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByRole("button", { name: "Boost 24h" })).toBeTruthy();
    expect(within(boosted).queryByRole("button", { name: "Boost 24h" })).toBeNull();
    expect(within(cards[1] as HTMLElement).getByText("Japan")).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText("Gaming")).toBeTruthy();
    expect(within(boosted).getByText("12 views")).toBeTruthy();
    expect(within(boosted).getByRole("link", { name: "Watch" }).getAttribute("href")).toBe(
      `/watch/${video(1).id}`,
    );
    expect(await screen.findByText("1,234")).toBeTruthy();

    // Filtering asks the server and shows the empty state with Add Your Video.
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "JP" } });
    expect(await screen.findByText("No videos match these filters.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Add Your Video" }).getAttribute("href")).toBe(
      "/add-video",
    );
    const urls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(urls.some((u) => u.includes("/api/videos?country=JP&theme=ALL"))).toBe(true);
  });

  it("says Failed to load videos when the feed cannot load", async () => {
    mockApi({ "GET /api/videos": json({ code: "INTERNAL", message: "x" }, 500) });
    await renderRoute("/feed");
    expect((await screen.findAllByText("Failed to load videos")).length).toBeGreaterThan(0);
  });

  it("opens the Request Views dialog from ?request=1 with today's count and history", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": {
        views: "5",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
      "GET /api/videos": page(),
      "GET /api/view-requests": {
        todayCount: 2,
        dailyLimit: 10,
        requests: [
          {
            id: "22222222-2222-4222-8222-222222222222",
            status: "MATCHED",
            dailyCount: 1,
            matchedWith: { id: "11111111-1111-4111-8111-111111111111", username: "carla" },
            matchedAt: NOW,
            createdAt: NOW,
          },
        ],
      },
      "POST /api/view-requests": json(
        { code: "DAILY_LIMIT_REACHED", message: "You have already made 10 view requests today" },
        422,
      ),
    });
    const { router } = await renderRoute("/feed?request=1");
    const dialog = await screen.findByRole("dialog", { name: "Request Views" });
    expect(await within(dialog).findByText("Today: 2 of 10 requests")).toBeTruthy();
    expect(within(dialog).getByText("with carla")).toBeTruthy();
    expect(within(dialog).getByText("Matched")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Request views for 1 view" }));
    expect(await screen.findByText("Daily Limit Reached")).toBeTruthy();
    expect(screen.getByText("You have already made 10 view requests today")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });
});
