import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TActivityEntry } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const BOB = { id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", username: "bob", isVerified: true };

function entry(id: number, overrides: Partial<TActivityEntry>): TActivityEntry {
  return {
    id: String(id),
    transactionId: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    kind: "adjustment",
    currency: "VIEWS",
    amount: "10",
    balanceAfter: "100",
    counterparty: null,
    memo: {},
    createdAt: "2026-03-01T12:00:00.000Z",
    account: "available",
    clearsAt: null,
    holdStatus: null,
    ...overrides,
  };
}

const PAGE_1 = [
  entry(9, { kind: "transfer", amount: "-100", balanceAfter: "900", counterparty: BOB }),
  entry(8, {
    kind: "transfer",
    currency: "USDT",
    amount: "120000000",
    balanceAfter: "620000000",
    counterparty: BOB,
  }),
  entry(7, {
    kind: "swap",
    amount: "-100",
    balanceAfter: "1000",
    memo: { direction: "VIEWS_TO_USDT" },
  }),
];
const PAGE_2 = [
  entry(3, { kind: "referral_reward", amount: "1", balanceAfter: "1100", counterparty: BOB }),
  entry(2, { kind: "mystery_thing", amount: "5", balanceAfter: "1099" }),
];

function setup(
  balances = {
    views: "900",
    usdt: "620000000",
    pendingUsdt: "0",
    heldViews: "0",
    heldNextClearAt: null as string | null,
  },
  firstPage = PAGE_1,
) {
  const { session, me } = memberFixture();
  const requests: URLSearchParams[] = [];
  mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": balances,
    "GET /api/activity": ({ url }: { url: URL }) => {
      requests.push(url.searchParams);
      if (url.searchParams.get("kind") === "swap") {
        return { entries: [PAGE_1[2]], nextCursor: null };
      }
      return url.searchParams.get("cursor") === "7"
        ? { entries: PAGE_2, nextCursor: null }
        : { entries: firstPage, nextCursor: "7" };
    },
  });
  return { requests };
}

describe("/activity", () => {
  it("renders each entry with its reason, signed amount and balance after", async () => {
    setup();
    await renderRoute("/activity");
    const list = await screen.findByRole("list", { name: "Activity entries" });
    const rows = within(list).getAllByTestId("activity-row");
    expect(rows).toHaveLength(3);
    expect(within(rows[0] as HTMLElement).getByText("Transfer to @bob")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("−100 views")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText("Balance: 900 views")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Transfer from @bob")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("+120.00 USDT")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Swap · Views → USDT")).toBeTruthy();
  });

  it("shows views on hold apart from the available balance, with when they clear", async () => {
    // Local times: the note and the row say when, in the member's time zone and language.
    const clears = new Date(2099, 0, 2, 14, 5).toISOString();
    setup({ views: "900", usdt: "0", pendingUsdt: "0", heldViews: "12", heldNextClearAt: clears }, [
      entry(10, {
        kind: "watch_reward",
        amount: "1",
        balanceAfter: "12",
        account: "held",
        clearsAt: clears,
        holdStatus: "HELD",
      }),
      entry(9, { kind: "hold_clear", amount: "2", balanceAfter: "900" }),
    ]);
    await renderRoute("/activity");
    expect((await screen.findByTestId("balance-views")).textContent).toBe("900");
    expect((await screen.findByTestId("held-views")).textContent).toMatch(
      /^Pending: 12 views · clears from .*2:05/,
    );
    const list = await screen.findByRole("list", { name: "Activity entries" });
    const [held, cleared] = within(list).getAllByTestId("activity-row") as HTMLElement[];
    expect(within(held as HTMLElement).getByText("Watch reward")).toBeTruthy();
    expect(within(held as HTMLElement).getByText("Pending: 12 views")).toBeTruthy();
    expect(within(held as HTMLElement).getByText(/^Pending · clears .*2:05/)).toBeTruthy();
    expect(
      within(cleared as HTMLElement).getByText("Earnings cleared (now available)"),
    ).toBeTruthy();
    expect(within(cleared as HTMLElement).getByText("Balance: 900 views")).toBeTruthy();
  });

  it("pages with the cursor ('Load more') until the end", async () => {
    const { requests } = setup();
    await renderRoute("/activity");
    const list = await screen.findByRole("list", { name: "Activity entries" });
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list).getAllByTestId("activity-row")).toHaveLength(5));
    expect(requests.at(-1)?.get("cursor")).toBe("7");
    expect(requests.at(-1)?.get("limit")).toBe("25");
    expect(within(list).getByText("Referral reward · @bob")).toBeTruthy();
    // An unknown kind is shown as it comes.
    expect(within(list).getByText("mystery_thing")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(screen.getByText("You have reached the beginning of your history.")).toBeTruthy();
  });

  it("filters by currency and kind, and exports the same selection as CSV", async () => {
    const { requests } = setup();
    const { router } = await renderRoute("/activity");
    await screen.findByRole("list", { name: "Activity entries" });
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/activity.csv",
    );
    fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "VIEWS" } });
    fireEvent.change(screen.getByLabelText("Type"), { target: { value: "swap" } });
    await waitFor(() => expect(router.state.location.search).toBe("?currency=VIEWS&kind=swap"));
    await waitFor(() => expect(screen.getAllByTestId("activity-row")).toHaveLength(1));
    expect(requests.at(-1)?.get("currency")).toBe("VIEWS");
    expect(requests.at(-1)?.get("kind")).toBe("swap");
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(
      "/api/activity.csv?currency=VIEWS&kind=swap",
    );
  });
});
