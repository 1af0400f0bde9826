import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TEventsState, TRewards, TViewRequest } from "@viewvault/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeEventSource } from "@/test/fake-event-source";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const BALANCES = {
  views: "2500",
  usdt: "750000000",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
};

const EVENTS: TEventsState = {
  now: "2026-11-22T12:00:00.000Z",
  daily: {
    date: "2026-11-22",
    opensAt: "2026-11-22T21:00:00.000Z",
    open: false,
    nextOpensAt: "2026-11-23T21:00:00.000Z",
    rewardViews: "100",
    winner: null,
    claimedAt: null,
    ineligible: null,
  },
  annual: {
    year: 2026,
    nextOpensAt: "2027-01-01T00:00:00.000Z",
    rewardViews: "1000000",
    winner: null,
    claimedAt: null,
    ineligible: null,
  },
};

describe("/dashboard", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows views on hold apart from the available views, with when they clear", async () => {
    const { session, me } = memberFixture();
    const clears = new Date(2099, 0, 2, 14, 5).toISOString();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": { ...BALANCES, heldViews: "12", heldNextClearAt: clears },
    });
    await renderRoute("/dashboard");
    const card = await screen.findByRole("region", { name: "Views Balance" });
    expect((await within(card).findByTestId("views-balance")).textContent).toBe("2,500");
    expect(within(card).getByTestId("held-views").textContent).toMatch(
      /^Pending: 12 views · clears from .*2:05/,
    );
  });

  it("opens Request Views where it was clicked, and shows a waiting request's match live", async () => {
    const EventSourceMock = installFakeEventSource();
    const { session, me } = memberFixture();
    const waiting: TViewRequest = {
      id: "5b0c7a8e-2f4d-4c1b-9e3a-6d7f8a9b0c1d",
      status: "PENDING",
      dailyCount: 1,
      matchedWith: null,
      matchedAt: null,
      createdAt: "2026-11-22T11:00:00.000Z",
    };
    let requests = [waiting];
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/view-requests": () => ({ requests, todayCount: 1, dailyLimit: 10 }),
    });
    const { router } = await renderRoute("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Request Views" }));
    const dialog = await screen.findByRole("dialog");
    expect(router.state.location.pathname).toBe("/dashboard");
    const list = await within(dialog).findByRole("list");
    expect(within(list).getByText("Pending")).toBeTruthy();

    // Another member's request matches it: the stream says so, the open dialog shows it.
    requests = [
      {
        ...waiting,
        status: "MATCHED",
        matchedWith: { id: "6c1d8b9f-3a5e-4d2c-8f4b-7e8a9b0c1d2e", username: "bruno" },
        matchedAt: "2026-11-22T11:05:00.000Z",
      },
    ];
    await waitFor(() => expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(1));
    const [stream] = EventSourceMock.open("/api/balances/stream");
    act(() => stream?.emit("viewRequests", {}));
    expect(await within(list).findByText("Matched")).toBeTruthy();
    expect(within(list).getByText(/bruno/)).toBeTruthy();
  });

  it("says nothing about holds when nothing is on hold", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
    });
    await renderRoute("/dashboard");
    const card = await screen.findByRole("region", { name: "Views Balance" });
    await within(card).findByTestId("views-balance");
    expect(within(card).queryByTestId("held-views")).toBeNull();
  });

  it("greets the member, shows the status, cards and the referral link", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
    });
    const { router } = await renderRoute("/dashboard?verified=1");
    expect(await screen.findByRole("heading", { level: 1, name: "Hello, alice!" })).toBeTruthy();
    expect(screen.getAllByText("Pending").length).toBeGreaterThan(0);
    // The whole link as text (wrapped when the column is narrow), not cut inside a field.
    expect(screen.getByLabelText("Your referral link").textContent).toBe(
      `${window.location.origin}/@alice`,
    );
    expect(screen.getByRole("button", { name: /Copy link/ })).toBeTruthy();
    expect(await screen.findByText("E-mail confirmed. Welcome to ViewVault!")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(""));
    // Seed cards: USDT wallet (Sacar), views (Assistir, Swap, Shop), quick actions, rates.
    expect(screen.getByRole("tab", { name: "Dashboard" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Referral System" })).toBeTruthy();
    for (const [name, href] of [
      ["Withdraw", "/withdraw"],
      ["Watch", "/feed"],
      ["Swap", "/swap"],
      ["Shop", "/marketplace"],
      ["Add Video", "/add-video"],
      ["Transfer", "/transfer"],
      ["Add wallet", "/settings?tab=wallet"],
    ] as const) {
      expect(
        within(screen.getByRole("main")).getByRole("link", { name }).getAttribute("href"),
      ).toBe(href);
    }
    expect(screen.getByText("100 views = 10 USDT automatic conversion")).toBeTruthy();
    expect(screen.getByText("Fixed rate, no hidden fees.")).toBeTruthy();
    expect((await screen.findByTestId("views-balance")).textContent).toBe("2,500");
    expect(screen.getByTestId("usdt-balance").textContent).toBe("750.00");
  });

  it("lays the cards out in the seed's order, main column then side column", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/box": {
        costViews: "100",
        commitment: { serverSeedHash: "ab".repeat(32), clientSeed: "s", nonce: 0 },
      },
      "GET /api/box/openings": { openings: [] },
      "GET /api/events": EVENTS,
      "GET /api/rewards": { earnedViews: "0", bonuses: [], milestones: [] } satisfies TRewards,
    });
    await renderRoute("/dashboard");
    const headings = async (testId: string) =>
      within(await screen.findByTestId(testId))
        .getAllByRole("heading")
        .map((h) => h.textContent);
    await screen.findByTestId("box-commitment");
    await screen.findByTestId("daily-claim-card");
    await screen.findByTestId("annual-event-card");
    await screen.findByTestId("milestones-card");
    // Event Bonus shows only while one is AVAILABLE (none here).
    expect((await headings("dashboard-main")).slice(0, 5)).toEqual([
      "Mystery Box",
      "USDT Wallet",
      "Views Balance",
      "Quick Actions",
      "Milestone rewards",
    ]);
    expect(await headings("dashboard-side")).toEqual([
      "Account status",
      "Daily First Claim",
      "1 Million Views",
      "Views to Crypto Conversion",
      "Referral link",
      "Swap Center",
    ]);
  });

  it("updates the balances live from the balances stream, without a reload", async () => {
    const EventSourceMock = installFakeEventSource();
    const { session, me } = memberFixture();
    const fetchMock = mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
    });
    await renderRoute("/dashboard");
    expect((await screen.findByTestId("views-balance")).textContent).toBe("2,500");

    // Exactly one stream for the signed-in tab.
    await waitFor(() => expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(1));
    const [stream] = EventSourceMock.open("/api/balances/stream");
    act(() => {
      stream?.emit("balances", {
        views: "2600",
        usdt: "760500000",
        pendingUsdt: "100000000",
        heldViews: "0",
        heldNextClearAt: null,
      });
    });
    await waitFor(() => expect(screen.getByTestId("views-balance").textContent).toBe("2,600"));
    expect(screen.getByTestId("usdt-balance").textContent).toBe("760.50");
    expect(screen.getByText("Pending withdrawal: 100.00 USDT")).toBeTruthy();
    // The balances came from the stream, not from another GET.
    const balanceGets = fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith("/api/balances"),
    );
    expect(balanceGets).toHaveLength(1);
  });

  it("reopens the balances stream when the browser gives up on it (a 502 during a restart)", async () => {
    const EventSourceMock = installFakeEventSource();
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
    });
    await renderRoute("/dashboard");
    expect((await screen.findByTestId("views-balance")).textContent).toBe("2,500");
    await waitFor(() => expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(1));
    const [first] = EventSourceMock.open("/api/balances/stream");
    act(() => first?.fail());
    expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(0);
    // A second connection after a pause; its first event brings the tab up to date.
    await waitFor(() => expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(1), {
      timeout: 3_000,
    });
    const [second] = EventSourceMock.open("/api/balances/stream");
    expect(second).not.toBe(first);
    act(() =>
      second?.emit("balances", {
        views: "2700",
        usdt: "750000000",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      }),
    );
    await waitFor(() => expect(screen.getByTestId("views-balance").textContent).toBe("2,700"));
  });

  it("shows the referral tab with counts, badge and recent referrals", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/referrals/summary": {
        totalReferrals: 12,
        paidReferrals: 11,
        heldReferrals: 1,
        viewsFromReferrals: "11",
        usdtFromReferrals: "2500000",
        badge: "silver",
        recent: [
          {
            id: "0b8f3c1e-1111-4c7d-8e9f-0a1b2c3d4e5f",
            referred: {
              id: "0b8f3c1e-2222-4c7d-8e9f-0a1b2c3d4e5f",
              username: "bruno",
              isVerified: true,
            },
            viewsBonus: "1",
            usdtBonus: "10000000",
            earnedViews: "1",
            earnedUsdt: "100000",
            status: "PAID",
            createdAt: "2026-03-01T12:00:00.000Z",
          },
          {
            id: "0b8f3c1e-3333-4c7d-8e9f-0a1b2c3d4e5f",
            referred: {
              id: "0b8f3c1e-4444-4c7d-8e9f-0a1b2c3d4e5f",
              username: "carla",
              isVerified: false,
            },
            viewsBonus: "1",
            usdtBonus: "10000000",
            earnedViews: "0",
            earnedUsdt: "0",
            status: "HELD",
            createdAt: "2026-03-02T12:00:00.000Z",
          },
        ],
      },
    });
    await renderRoute("/dashboard?tab=referrals");
    const recent = await screen.findByRole("list", { name: "Recent referrals" });
    expect(within(recent).getByText("@bruno")).toBeTruthy();
    expect(within(recent).getByText("Paid")).toBeTruthy();
    expect(within(recent).getByText("Held")).toBeTruthy();
    // Whose amount it is: the referrer's view and commission, the member's welcome bonus.
    expect(within(recent).getByText("You earned +1 view · +0.10 USDT")).toBeTruthy();
    expect(within(recent).getByText("@bruno got a 10.00 USDT welcome bonus")).toBeTruthy();
    expect(within(recent).getByText("On hold for review: nothing paid yet")).toBeTruthy();
    expect(within(recent).queryByText(/\+10\.00 USDT/)).toBeNull();
    expect(screen.getByText("Silver")).toBeTruthy();
    expect(screen.getByText("Next: Gold")).toBeTruthy();
    expect(
      screen.getByRole("progressbar", { name: "Progress to Gold" }).getAttribute("aria-valuenow"),
    ).toBe("5");
    expect(screen.getByText("2.50 USDT")).toBeTruthy();
  });

  it("shows a new member the first-run guide with the real costs, until they close it", async () => {
    const { session, me } = memberFixture({ firstRunDismissed: false });
    let dismissed = 0;
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": { ...BALANCES, views: "0" },
      "POST /api/me/first-run/dismiss": () => {
        dismissed++;
        return { ...me, firstRunDismissed: true };
      },
    });
    await renderRoute("/dashboard");
    const guide = await screen.findByRole("region", { name: "Getting started" });
    expect(within(guide).getByText("Mystery Box: 100 views per box")).toBeTruthy();
    expect(within(guide).getByText("Verify your account: 1,000 views, once")).toBeTruthy();
    expect(within(guide).getByRole("link", { name: "Start watching" }).getAttribute("href")).toBe(
      "/feed",
    );
    act(() => within(guide).getByRole("button", { name: "Got it, hide the guide" }).click());
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Getting started" })).toBeNull(),
    );
    expect(dismissed).toBe(1);
  });
});
