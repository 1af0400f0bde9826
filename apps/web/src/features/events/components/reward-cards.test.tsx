import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TRewards } from "@viewvault/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const BALANCES = {
  views: "12000",
  usdt: "0",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
};
const BONUS = {
  id: "0b8f3c1e-3333-4c7d-8e9f-0a1b2c3d4e5f",
  status: "AVAILABLE" as const,
  claimAmount: "25000000",
  reason: "Launch week",
  createdAt: "2026-11-22T10:00:00.000Z",
  claimedAt: null,
};
const milestone = (views: string, usdt: string, n: number) => ({
  id: `0b8f3c1e-444${n}-4c7d-8e9f-0a1b2c3d4e5f`,
  milestoneViews: views,
  rewardUsdt: usdt,
  status: "AVAILABLE" as const,
  createdAt: "2026-11-22T10:00:00.000Z",
});

describe("dashboard reward cards", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("no Event Bonus card without an AVAILABLE bonus; the milestone levels are shown", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/rewards": { earnedViews: "640", bonuses: [], milestones: [] } satisfies TRewards,
    });
    await renderRoute("/dashboard");
    const card = await screen.findByTestId("milestones-card");
    expect(
      within(card).getByText("Earn 1K, 5K, 10K lifetime views to unlock USDT rewards."),
    ).toBeTruthy();
    expect(await within(card).findByText("Lifetime earned views: 640")).toBeTruthy();
    expect(screen.queryByTestId("event-bonus-card")).toBeNull();
  });

  it("claims a bonus once per intent; says Failed to claim bonus when it fails", async () => {
    const { session, me } = memberFixture();
    let rewards: TRewards = {
      earnedViews: "12000",
      bonuses: [BONUS],
      milestones: [milestone("1000", "10000000", 1), milestone("5000", "50000000", 2)],
    };
    let fail = true;
    const fetchMock = mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": BALANCES,
      "GET /api/rewards": () => rewards,
      [`POST /api/rewards/bonuses/${BONUS.id}/claim`]: () => {
        if (fail) return json({ code: "INTERNAL", message: "boom" }, 500);
        rewards = { ...rewards, bonuses: [] };
        return { rewardUsdt: "25000000", balances: { ...BALANCES, usdt: "25000000" } };
      },
    });
    await renderRoute("/dashboard");
    const bonus = await screen.findByTestId("event-bonus-card");
    expect(within(bonus).getByText("25.00 USDT: Launch week")).toBeTruthy();
    const milestones = screen.getByTestId("milestones-card");
    const items = within(milestones)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items[0]).toContain("1,000 views reached");
    expect(items[1]).toContain("5,000 views reached");

    const claim = within(bonus).getByRole("button", { name: "Claim 25.00 USDT" });
    fireEvent.click(claim);
    expect(await screen.findByText("Failed to claim bonus")).toBeTruthy();
    fail = false;
    await waitFor(() => expect((claim as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(claim);
    fireEvent.click(claim);
    expect(await screen.findByText("25.00 USDT added to your wallet.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId("event-bonus-card")).toBeNull());
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(2);
    // A 5xx keeps the intent: the retry replays the same Idempotency-Key.
    const keys = posts.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });
});
