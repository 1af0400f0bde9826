import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TEventsState } from "@viewvault/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { installFakeEventSource } from "@/test/fake-event-source";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const BALANCES = {
  views: "2500",
  usdt: "0",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
};
const WINNER = { id: "0b8f3c1e-2222-4c7d-8e9f-0a1b2c3d4e5f", username: "bruno" };

function state(now: Date, overrides: Partial<TEventsState["daily"]> = {}): TEventsState {
  return {
    now: now.toISOString(),
    daily: {
      date: "2026-11-22",
      opensAt: new Date(now.getTime() + 3_661_000).toISOString(),
      open: false,
      nextOpensAt: new Date(now.getTime() + 90_061_000).toISOString(),
      rewardViews: "100",
      winner: null,
      claimedAt: null,
      ineligible: null,
      ...overrides,
    },
    annual: {
      year: 2026,
      nextOpensAt: "2027-01-01T00:00:00.000Z",
      rewardViews: "1000000",
      winner: null,
      claimedAt: null,
      ineligible: "annualUnverified",
    },
  };
}

describe("/events", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts down to the opening, shows the winners list and More Events Coming Soon", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/events": state(new Date()),
      "GET /api/events/daily/winners": {
        winners: [{ date: "2026-11-21", winner: WINNER, claimedAt: "2026-11-21T21:00:05.000Z" }],
      },
    });
    await renderRoute("/events");
    expect(await screen.findByRole("heading", { level: 1, name: "Events" })).toBeTruthy();
    const daily = await screen.findByTestId("daily-claim-card");
    expect((await within(daily).findByTestId("daily-countdown")).textContent).toMatch(
      /^01:01:0\d$/,
    );
    expect(within(daily).getByText("Opens in")).toBeTruthy();
    expect(within(daily).queryByRole("button")).toBeNull();
    const annual = screen.getByTestId("annual-event-card");
    expect(within(annual).getByText("LIVE")).toBeTruthy();
    expect(
      (within(annual).getByRole("button", { name: "Claim 1,000,000 views" }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    expect(
      within(annual).getByText("Only verified accounts can claim the annual prize."),
    ).toBeTruthy();
    expect((await screen.findByTestId("daily-winners")).textContent).toContain("bruno");
    expect(screen.getByText("More Events Coming Soon")).toBeTruthy();
  });

  it("says Too Late! when another member won first, and shows the winner live", async () => {
    const EventSourceMock = installFakeEventSource();
    const { session, me } = memberFixture();
    let current = state(new Date(), { open: true });
    const fetchMock = mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/events": () => current,
      "GET /api/events/daily/winners": { winners: [] },
      "POST /api/events/daily/claim": () =>
        json(
          {
            code: "EVENT_ALREADY_CLAIMED",
            message: "Too Late! Someone else already claimed today's reward",
            params: { context: "daily" },
          },
          409,
        ),
    });
    await renderRoute("/events");
    const daily = await screen.findByTestId("daily-claim-card");
    expect(await within(daily).findByText("Active now!")).toBeTruthy();
    const claim = within(daily).getByRole("button", { name: "Claim 100 views" });
    fireEvent.click(claim);
    fireEvent.click(claim);
    expect(await screen.findByText("Too Late!")).toBeTruthy();
    expect(screen.getByText("Too Late! Someone else already claimed today's reward")).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();

    // The stream announces the winner: the card shows it without a reload.
    current = state(new Date(), {
      open: true,
      winner: WINNER,
      claimedAt: new Date().toISOString(),
    });
    await waitFor(() => expect(EventSourceMock.open("/api/balances/stream")).toHaveLength(1));
    const [stream] = EventSourceMock.open("/api/balances/stream");
    act(() => stream?.emit("events", {}));
    expect((await within(daily).findByTestId("daily-winner")).textContent).toBe("bruno");
    expect(within(daily).getByText("Next event in")).toBeTruthy();
  });
});
