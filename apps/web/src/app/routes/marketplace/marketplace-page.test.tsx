import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const ALICE = { id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f", username: "alice", isVerified: false };
const BOB = { id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", username: "bob", isVerified: true };

const offer = (id: string, seller: typeof ALICE, views: string, price: string, total: string) => ({
  id,
  viewsQuantity: views,
  priceUsdtPerView: price,
  totalPriceUsdt: total,
  seller,
  buyer: null,
  status: "OPEN",
  createdAt: "2026-03-01T12:00:00.000Z",
  closedAt: null,
});

const MINE = offer("1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", ALICE, "100", "100000", "10000000");
const BOBS = offer("2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", BOB, "250", "123456", "30864000");
const BALANCES = {
  views: "1000",
  usdt: "500000000",
  pendingUsdt: "0",
  heldViews: "0",
  heldNextClearAt: null,
};

function setup(routes: Record<string, unknown> = {}) {
  const { session, me } = memberFixture();
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": BALANCES,
    "GET /api/marketplace/offers": { offers: [MINE, BOBS], page: 1, pageSize: 20, hasMore: false },
    "GET /api/marketplace/mine": { offers: [MINE], purchases: [] },
    ...routes,
  });
  const posts = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([url, init]) => ({
        url: String(url),
        key: new Headers(init?.headers).get("Idempotency-Key"),
      }));
  return { posts };
}

describe("/marketplace", () => {
  it("lists offers with price, total and seller; one's own offer is disabled", async () => {
    setup({
      "POST /api/marketplace/offers/2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a/buy": {
        offer: { ...BOBS, status: "SOLD", buyer: ALICE },
        balances: BALANCES,
      },
    });
    await renderRoute("/marketplace");
    const rows = await screen.findAllByTestId("offer");
    expect(rows).toHaveLength(2);
    const own = within(rows[0] as HTMLElement).getByRole("button", { name: "Your Offer" });
    expect((own as HTMLButtonElement).disabled).toBe(true);
    const bobs = rows[1] as HTMLElement;
    expect(within(bobs).getByText("@bob")).toBeTruthy();
    expect(within(bobs).getByText("0.123456 USDT")).toBeTruthy();
    expect(within(bobs).getByText("30.86 USDT")).toBeTruthy();
  });

  it("shows each seller's online dot (wherever a member is shown)", async () => {
    setup({ "GET /api/presence": { online: [BOB.id] } });
    await renderRoute("/marketplace");
    const rows = await screen.findAllByTestId("offer");
    const bobs = rows[1] as HTMLElement;
    await waitFor(() =>
      expect(within(bobs).getByTestId("online-dot").getAttribute("data-online")).toBe("true"),
    );
    const own = rows[0] as HTMLElement;
    expect(within(own).getByTestId("online-dot").getAttribute("data-online")).toBe("false");
  });

  it("confirms a purchase in a dialog and buys once with an Idempotency-Key", async () => {
    const { posts } = setup({
      "POST /api/marketplace/offers/2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a/buy": {
        offer: { ...BOBS, status: "SOLD", buyer: ALICE },
        balances: {
          views: "1250",
          usdt: "469136000",
          pendingUsdt: "0",
          heldViews: "0",
          heldNextClearAt: null,
        },
      },
    });
    await renderRoute("/marketplace");
    const rows = await screen.findAllByTestId("offer");
    fireEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Buy" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm purchase" });
    expect(within(dialog).getByTestId("confirm-views").textContent).toBe("250 views");
    const confirm = within(dialog).getByRole("button", { name: "Buy for 30.86 USDT" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText("Purchase completed!")).toBeTruthy();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]?.key).toMatch(/.{8,}/);
  });

  it("says a failed purchase in the seeds' words", async () => {
    setup({
      "POST /api/marketplace/offers/2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a/buy": json(
        { code: "INTERNAL", message: "x" },
        500,
      ),
    });
    await renderRoute("/marketplace");
    const rows = await screen.findAllByTestId("offer");
    fireEvent.click(within(rows[1] as HTMLElement).getByRole("button", { name: "Buy" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm purchase" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Buy for 30.86 USDT" }));
    expect(await screen.findByText("Error processing purchase")).toBeTruthy();
  });

  it("shows the load failure", async () => {
    setup({ "GET /api/marketplace/offers": json({ code: "INTERNAL", message: "x" }, 500) });
    await renderRoute("/marketplace");
    expect(await screen.findByText("Error loading marketplace data")).toBeTruthy();
  });

  it("sells: the seeds' checks in order, the live total, then one listing", async () => {
    const { posts } = setup({
      "POST /api/marketplace/offers": json(
        {
          offer: offer("3d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", ALICE, "150", "120000", "18000000"),
          balances: {
            views: "850",
            usdt: "500000000",
            pendingUsdt: "0",
            heldViews: "0",
            heldNextClearAt: null,
          },
        },
        201,
      ),
    });
    await renderRoute("/marketplace");
    await screen.findAllByTestId("offer");
    const tab = screen.getByRole("tab", { name: "Sell" });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    const form = await screen.findByRole("form", { name: "Sell views" });
    await screen.findByText("Available: 1,000 views");
    const quantity = within(form).getByLabelText("Quantity of views");
    const price = within(form).getByLabelText("Price per view (USDT)");
    const submit = within(form).getByRole("button", { name: "List offer" });

    fireEvent.click(submit);
    expect(
      await within(form).findByText("Quantity and price must be greater than zero"),
    ).toBeTruthy();
    fireEvent.change(quantity, { target: { value: "5000" } });
    fireEvent.change(price, { target: { value: "0.12" } });
    fireEvent.click(submit);
    expect(await within(form).findByText("You don't have enough views")).toBeTruthy();
    fireEvent.change(quantity, { target: { value: "150" } });
    await waitFor(() =>
      expect(within(form).getByTestId("offer-total").textContent).toBe("18.00 USDT"),
    );
    expect(posts()).toEqual([]);
    fireEvent.click(submit);
    expect(await screen.findByText("Offer listed!")).toBeTruthy();
    expect(posts()).toHaveLength(1);
  });
});
