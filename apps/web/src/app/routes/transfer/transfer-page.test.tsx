import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AFTER_SUCCESS_GUARD_MS } from "@/lib/use-idempotent-mutation";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const BOB = { id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", username: "bob", isVerified: true };
const ALICE_REF = {
  id: "3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f",
  username: "alice",
  isVerified: false,
};

const SENT = {
  transfer: {
    id: "2d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
    direction: "sent",
    sender: ALICE_REF,
    recipient: BOB,
    transferType: "VIEWS",
    amount: "100",
    status: "COMPLETED",
    createdAt: "2026-03-02T12:00:00.000Z",
  },
  balances: {
    views: "900",
    usdt: "500000000",
    pendingUsdt: "0",
    heldViews: "0",
    heldNextClearAt: null,
  },
};

function setup(post?: (n: number) => unknown) {
  const { session, me } = memberFixture();
  const posts: unknown[] = [];
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": {
      views: "1000",
      usdt: "500000000",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    },
    "GET /api/transfers": {
      transfers: [
        {
          id: "1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
          direction: "received",
          sender: {
            id: "8b1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
            username: "carla",
            isVerified: false,
          },
          recipient: ALICE_REF,
          transferType: "USDT",
          amount: "120000000",
          status: "COMPLETED",
          createdAt: "2026-03-01T12:00:00.000Z",
        },
      ],
    },
    "GET /api/transfers/recipient": ({ url }: { url: URL }) =>
      url.searchParams.get("query")?.toLowerCase() === "bob"
        ? BOB
        : json({ code: "RECIPIENT_NOT_FOUND", message: "Recipient not found" }, 404),
    "POST /api/transfers": ({ body }: { body: unknown }) => {
      posts.push(body);
      return post ? post(posts.length) : SENT;
    },
  });
  const keys = () =>
    fetchMock.mock.calls
      .filter(([, init]) => init?.method === "POST")
      .map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));
  return { fetchMock, posts, keys };
}

async function form() {
  const found = await screen.findByRole("form", { name: "Send a transfer" });
  await screen.findByTestId("balance-views");
  return {
    form: found,
    type: within(found).getByLabelText("Currency") as HTMLSelectElement,
    recipient: within(found).getByLabelText("Recipient (username or ID)") as HTMLInputElement,
    amount: within(found).getByLabelText("Amount") as HTMLInputElement,
    submit: within(found).getByRole("button", { name: "Review transfer" }),
  };
}

describe("/transfer", () => {
  it("shows the seeds' messages in the seeds' order", async () => {
    const { posts } = setup();
    await renderRoute("/transfer");
    const f = await form();
    const expectMessage = async (text: string) =>
      expect(await within(f.form).findByText(text)).toBeTruthy();

    fireEvent.click(f.submit);
    await expectMessage("Please enter a valid amount");
    fireEvent.change(f.amount, { target: { value: "50" } });
    fireEvent.click(f.submit);
    await expectMessage("Minimum transfer is 100 views");
    fireEvent.change(f.type, { target: { value: "USDT" } });
    fireEvent.click(f.submit);
    await expectMessage("Minimum transfer is 100.00 USDT");
    fireEvent.change(f.amount, { target: { value: "600" } });
    fireEvent.click(f.submit);
    await expectMessage("Insufficient USDT balance");
    fireEvent.change(f.type, { target: { value: "VIEWS" } });
    fireEvent.change(f.amount, { target: { value: "5000" } });
    fireEvent.click(f.submit);
    await expectMessage("Insufficient view balance");
    fireEvent.change(f.amount, { target: { value: "100" } });
    fireEvent.click(f.submit);
    await expectMessage("Please enter recipient ID");
    fireEvent.change(f.recipient, { target: { value: "@alice" } });
    fireEvent.click(f.submit);
    await expectMessage("Cannot transfer to yourself");
    fireEvent.change(f.recipient, { target: { value: "ghost" } });
    fireEvent.click(f.submit);
    await expectMessage("Recipient not found");
    expect(posts).toEqual([]);
  });

  it("previews the recipient, confirms, sends once with an Idempotency-Key", async () => {
    const { fetchMock, posts } = setup();
    await renderRoute("/transfer");
    const f = await form();
    fireEvent.change(f.recipient, { target: { value: "bob" } });
    // Debounced preview: avatar initial, username and verified badge before sending.
    expect(await within(f.form).findByText("Recipient found")).toBeTruthy();
    expect(within(f.form).getByText("@bob")).toBeTruthy();
    expect(within(f.form).getByRole("img", { name: "Verified member" })).toBeTruthy();
    expect(within(f.form).getByText("Minimum transfer: 100 views")).toBeTruthy();

    fireEvent.change(f.amount, { target: { value: "100" } });
    fireEvent.click(f.submit);
    const dialog = await screen.findByRole("dialog", { name: "Confirm transfer" });
    expect(within(dialog).getByText("@bob")).toBeTruthy();
    expect(within(dialog).getByTestId("confirm-amount").textContent).toBe("100 views");
    const confirm = within(dialog).getByRole("button", { name: "Confirm and send" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText("Transfer Completed!")).toBeTruthy();
    expect(posts).toEqual([{ recipient: "bob", transferType: "VIEWS", amount: "100" }]);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("balance-views").textContent).toBe("900"));
    expect(f.amount.value).toBe("");
  });

  it("drops the failure's toast once the transfer it answered is valid", async () => {
    setup();
    await renderRoute("/transfer");
    const f = await form();
    fireEvent.change(f.recipient, { target: { value: "bob" } });
    expect(await within(f.form).findByText("Recipient found")).toBeTruthy();
    fireEvent.change(f.amount, { target: { value: "50" } });
    fireEvent.click(f.submit);
    // The field says it, and so does the seeds' toast.
    await waitFor(() =>
      expect(screen.getAllByText("Minimum transfer is 100 views")).toHaveLength(2),
    );
    fireEvent.change(f.amount, { target: { value: "100" } });
    fireEvent.click(f.submit);
    expect(await screen.findByRole("dialog", { name: "Confirm transfer" })).toBeTruthy();
    await waitFor(() => expect(screen.queryAllByText("Minimum transfer is 100 views")).toEqual([]));
  });

  it("lists sent and received transfers", async () => {
    setup();
    await renderRoute("/transfer");
    const history = await screen.findByRole("list", { name: "Transfer history" });
    expect(within(history).getByText("Received from")).toBeTruthy();
    expect(within(history).getByText("@carla")).toBeTruthy();
    expect(within(history).getByText("+120.00 USDT")).toBeTruthy();
    // Presence wherever a member is shown: carla's dot, offline.
    const dot = await within(history).findByTestId("online-dot");
    expect(dot.getAttribute("data-online")).toBe("false");
    expect(dot.getAttribute("aria-label")).toBe("Offline");
  });

  it("retries a lost answer with the same key, and puts a refusal on its field", async () => {
    const { keys } = setup((n) =>
      n === 1
        ? json({ code: "INTERNAL", message: "boom" }, 500)
        : n === 2
          ? SENT
          : json(
              {
                code: "INSUFFICIENT_BALANCE",
                message: "Insufficient view balance",
                params: { context: "transferViews" },
                field: "amount",
              },
              422,
            ),
    );
    await renderRoute("/transfer");
    const f = await form();
    const review = async () => {
      fireEvent.change(f.recipient, { target: { value: "bob" } });
      fireEvent.change(f.amount, { target: { value: "100" } });
      fireEvent.click(f.submit);
      const dialog = await screen.findByRole("dialog", { name: "Confirm transfer" });
      return within(dialog).getByRole("button", { name: "Confirm and send" });
    };

    const confirm = await review();
    fireEvent.click(confirm);
    expect(await screen.findByText("Failed to complete transfer. Please try again.")).toBeTruthy();
    // The dialog stays; sending again replays the same transfer (same key).
    await waitFor(() => expect(confirm).toHaveProperty("disabled", false));
    fireEvent.click(confirm);
    expect(await screen.findByText("Transfer Completed!")).toBeTruthy();
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);

    // A new transfer is a new intent (once the double-click guard after a success is over); the
    // server's refusal lands on the amount field.
    await new Promise((resolve) => setTimeout(resolve, AFTER_SUCCESS_GUARD_MS));
    fireEvent.click(await review());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await within(f.form).findByText("Insufficient view balance")).toBeTruthy();
    expect(f.amount.getAttribute("aria-invalid")).toBe("true");
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).not.toBe(keys()[0]);
  });
});
