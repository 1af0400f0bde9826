import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TFeedPage, TVideo } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

/** The feed's money buttons: Boost (confirm) and Request views, each clicked twice at once. */

const NOW = new Date().toISOString();
const MINE: TVideo = {
  id: "00000000-0000-4000-8000-000000000002",
  ownerId: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f", // memberFixture's profile id
  ownerUsername: "alice",
  title: "Mine",
  youtubeUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
  youtubeId: "dQw4w9WgXcQ",
  country: "BR",
  theme: "Music",
  thumbnailUrl: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
  watchedCount: 0,
  boostedUntil: null,
  createdAt: "2026-11-20T10:00:00.000Z",
};
const FEED: TFeedPage = { boosted: [], videos: [MINE], nextCursor: null, serverTime: NOW };
const BALANCES = {
  views: "500",
  usdt: "0",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
};

function signedIn(routes: Record<string, unknown>) {
  const { session, me } = memberFixture();
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": BALANCES,
    "GET /api/videos": FEED,
    ...routes,
  });
  /** Idempotency-Keys of the POSTs to `path`, in order. */
  const keys = (path: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => init?.method === "POST" && String(input).startsWith(path))
      .map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
  return { keys };
}

function viewRequests(todayCount: number) {
  return { todayCount, dailyLimit: 10, requests: [] };
}

/** Opens the Boost dialog of the member's own video (its button shows once /api/me answered). */
async function openBoost() {
  fireEvent.click(await screen.findByRole("button", { name: "Boost 24h" }));
  return screen.findByRole("dialog", { name: "Boost this video?" });
}

describe("the feed's money buttons", () => {
  it("boosts once on a double click of the confirm button, with an Idempotency-Key", async () => {
    const boostPath = `/api/videos/${MINE.id}/boost`;
    const { keys } = signedIn({
      [`POST ${boostPath}`]: {
        boost: { videoId: MINE.id, expiresAt: "2026-11-23T10:00:00.000Z" },
        balances: {
          views: "400",
          usdt: "0",
          pendingUsdt: "0",
          heldViews: "0",
          heldNextClearAt: null,
        },
      },
    });
    await renderRoute("/feed");
    const dialog = await openBoost();
    const confirm = within(dialog).getByRole("button", { name: "Boost for 100 views" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText("Video Boosted!")).toBeTruthy();
    expect(keys(boostPath)).toHaveLength(1);
    expect(keys(boostPath)[0]).toMatch(/^[\w-]{8,100}$/);
  });

  it("keeps the boost dialog and its key after a lost answer, so the retry pays once", async () => {
    const boostPath = `/api/videos/${MINE.id}/boost`;
    let calls = 0;
    const { keys } = signedIn({
      [`POST ${boostPath}`]: () =>
        ++calls === 1
          ? json({ code: "SERVICE_UNAVAILABLE", message: "later" }, 503)
          : {
              boost: { videoId: MINE.id, expiresAt: "2026-11-23T10:00:00.000Z" },
              balances: {
                views: "400",
                usdt: "0",
                pendingUsdt: "0",
                heldViews: "0",
                heldNextClearAt: null,
              },
            },
    });
    await renderRoute("/feed");
    const dialog = await openBoost();
    const confirm = within(dialog).getByRole("button", { name: "Boost for 100 views" });
    fireEvent.click(confirm);
    expect(await screen.findByText("Failed to boost video")).toBeTruthy();
    await waitFor(() => expect(confirm).toHaveProperty("disabled", false));
    fireEvent.click(confirm);
    expect(await screen.findByText("Video Boosted!")).toBeTruthy();
    expect(keys(boostPath)).toHaveLength(2);
    expect(keys(boostPath)[1]).toBe(keys(boostPath)[0]);
  });

  it("says 'You need at least 100 views to boost a video' when the server refuses", async () => {
    signedIn({
      [`POST /api/videos/${MINE.id}/boost`]: json(
        {
          code: "INSUFFICIENT_BALANCE",
          message: "You need at least 100 views to boost a video",
          params: { context: "boost", cost: "100" },
        },
        422,
      ),
    });
    await renderRoute("/feed");
    const dialog = await openBoost();
    fireEvent.click(within(dialog).getByRole("button", { name: "Boost for 100 views" }));
    expect(await screen.findByText("Insufficient Views")).toBeTruthy();
    expect(screen.getByText("You need at least 100 views to boost a video")).toBeTruthy();
  });

  it("requests views once on a double click, with an Idempotency-Key", async () => {
    let today = 3;
    const { keys } = signedIn({
      "GET /api/view-requests": () => viewRequests(today),
      "POST /api/view-requests": () => {
        today += 1;
        return json(
          {
            request: {
              id: "22222222-2222-4222-8222-222222222222",
              status: "PENDING",
              dailyCount: today,
              matchedWith: null,
              matchedAt: null,
              createdAt: NOW,
            },
            matched: false,
            balances: {
              views: "499",
              usdt: "0",
              pendingUsdt: "0",
              heldViews: "0",
              heldNextClearAt: null,
            },
          },
          201,
        );
      },
    });
    await renderRoute("/feed?request=1");
    const dialog = await screen.findByRole("dialog", { name: "Request Views" });
    expect(await within(dialog).findByText("Today: 3 of 10 requests")).toBeTruthy();
    const submit = within(dialog).getByRole("button", { name: "Request views for 1 view" });
    fireEvent.click(submit);
    fireEvent.click(submit);
    expect(await screen.findByText("View Request Sent!")).toBeTruthy();
    expect(await within(dialog).findByText("Today: 4 of 10 requests")).toBeTruthy();
    expect(keys("/api/view-requests")).toHaveLength(1);
  });

  it("disables Request views after the tenth request, with the seed's 'Daily Limit Reached' beside it", async () => {
    const { keys } = signedIn({ "GET /api/view-requests": viewRequests(10) });
    await renderRoute("/feed?request=1");
    const dialog = await screen.findByRole("dialog", { name: "Request Views" });
    expect(await within(dialog).findByText("Today: 10 of 10 requests")).toBeTruthy();
    const inline = within(dialog).getByTestId("daily-limit");
    expect(inline.textContent).toContain("Daily Limit Reached");
    expect(inline.textContent).toContain("You have already made 10 view requests today");
    // Not offered and then refused: disabled, and described by the reason beside it.
    const submit = within(dialog).getByRole("button", { name: "Request views for 1 view" });
    expect(submit).toHaveProperty("disabled", true);
    expect(submit.getAttribute("aria-describedby")).toBe(inline.id);
    fireEvent.click(submit);
    expect(keys("/api/view-requests")).toEqual([]);
  });

  it("disables Request views at 0 views, with 'Insufficient Views' and the seed's words beside it", async () => {
    const { keys } = signedIn({
      "GET /api/view-requests": viewRequests(0),
      "GET /api/balances": { ...BALANCES, views: "0" },
    });
    await renderRoute("/feed?request=1");
    const dialog = await screen.findByRole("dialog", { name: "Request Views" });
    const why = await within(dialog).findByTestId("request-insufficient");
    expect(why.textContent).toContain("Insufficient Views");
    expect(why.textContent).toContain("You need at least 1 view to request views");
    const submit = within(dialog).getByRole("button", { name: "Request views for 1 view" });
    expect(submit).toHaveProperty("disabled", true);
    expect(submit.getAttribute("aria-describedby")).toBe(why.id);
    fireEvent.click(submit);
    expect(keys("/api/view-requests")).toEqual([]);
  });
});
