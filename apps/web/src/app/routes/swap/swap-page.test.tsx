import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const SWAP = {
  id: "5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f",
  direction: "VIEWS_TO_USDT",
  viewsAmount: "100",
  usdtAmount: "10000000",
  swapRate: "0.100000",
  status: "COMPLETED",
  completedAt: "2026-03-01T12:00:00.000Z",
  createdAt: "2026-03-01T12:00:00.000Z",
};

function setup(post?: () => unknown) {
  const { session, me } = memberFixture();
  const bodies: unknown[] = [];
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": {
      views: "1000",
      usdt: "50000000",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    },
    "GET /api/swaps": { swaps: [SWAP] },
    "POST /api/swaps": ({ body }: { body: unknown }) => {
      bodies.push(body);
      return post
        ? post()
        : {
            swap: SWAP,
            balances: {
              views: "900",
              usdt: "60000000",
              pendingUsdt: "0",
              heldViews: "0",
              heldNextClearAt: null,
            },
          };
    },
  });
  return { fetchMock, bodies };
}

async function amountField() {
  return (await screen.findByLabelText("Views to convert")) as HTMLInputElement;
}

describe("/swap", () => {
  it("shows balances, rates, the last swaps and a live preview in both directions", async () => {
    setup();
    await renderRoute("/swap");
    expect(await screen.findByRole("heading", { level: 1, name: "Swap Center" })).toBeTruthy();
    expect(await screen.findByTestId("balance-views")).toBeTruthy();
    expect(screen.getByText("100 views = 10 USDT")).toBeTruthy();
    expect(screen.getByText("1 USDT = 10 views")).toBeTruthy();
    expect(screen.getByText("Fixed rate, no hidden fees.")).toBeTruthy();
    const history = await screen.findByRole("list", { name: "Last swaps" });
    expect(within(history).getByText("+10.00 USDT")).toBeTruthy();

    fireEvent.change(await amountField(), { target: { value: "150" } });
    expect(screen.getByTestId("swap-receive").textContent).toBe("15.00 USDT");

    fireEvent.click(screen.getByRole("button", { name: "USDT → Views" }));
    const usdt = screen.getByLabelText("USDT to convert");
    fireEvent.change(usdt, { target: { value: "12.55" } });
    expect(screen.getByTestId("swap-receive").textContent).toBe("125 views");
    expect(screen.getByText("Exact charge: 12.50 USDT")).toBeTruthy();
    expect(
      screen.getByText("Only whole views are bought: 0.05 USDT stays in your wallet."),
    ).toBeTruthy();
  });

  it("says 'Please enter a valid amount' and 'Insufficient Balance' before calling the server", async () => {
    const { bodies } = setup();
    await renderRoute("/swap");
    const field = await amountField();
    await screen.findByTestId("balance-views");
    fireEvent.change(field, { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findAllByText("Please enter a valid amount")).not.toHaveLength(0);

    fireEvent.change(field, { target: { value: "5000" } });
    fireEvent.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByText("Insufficient Balance")).toBeTruthy();
    expect(screen.getAllByText("You don't have enough views").length).toBeGreaterThan(0);
    expect(bodies).toEqual([]);
  });

  it("swaps with an Idempotency-Key, shows 'Swap Completed!' and the new balances", async () => {
    const { fetchMock, bodies } = setup();
    await renderRoute("/swap");
    const field = await amountField();
    await screen.findByTestId("balance-views");
    fireEvent.change(field, { target: { value: "100" } });
    // A double click sends one request.
    fireEvent.click(screen.getByRole("button", { name: "Swap now" }));
    fireEvent.click(screen.getByRole("button", { name: /Swap now|Swapping/ }));
    expect(await screen.findByText("Swap Completed!")).toBeTruthy();
    expect(bodies).toEqual([{ direction: "VIEWS_TO_USDT", amount: "100" }]);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toMatch(/^[\w-]{20,}$/);
    await waitFor(() => expect(screen.getByTestId("balance-views").textContent).toBe("900"));
    expect(screen.getByTestId("balance-usdt").textContent).toBe("60.00");
    expect(field.value).toBe("");
  });

  it("shows the server's refusal with the seeds' messages", async () => {
    setup(() =>
      json({ code: "INSUFFICIENT_BALANCE", message: "Você não possui views suficientes" }, 422),
    );
    await renderRoute("/swap");
    const field = await amountField();
    await screen.findByTestId("balance-views");
    fireEvent.change(field, { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByText("Insufficient Balance")).toBeTruthy();
  });

  it("says 'Failed to complete the swap' on any other failure", async () => {
    setup(() => json({ code: "INTERNAL", message: "boom" }, 500));
    await renderRoute("/swap");
    const field = await amountField();
    await screen.findByTestId("balance-views");
    fireEvent.change(field, { target: { value: "100" } });
    fireEvent.click(screen.getByRole("button", { name: "Swap now" }));
    expect(await screen.findByText("Failed to complete the swap")).toBeTruthy();
  });
});
