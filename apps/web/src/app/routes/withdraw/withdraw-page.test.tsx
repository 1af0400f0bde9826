import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

function withdrawal(status: string, extra: Record<string, unknown> = {}) {
  return {
    id: "4d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
    amount: "100000000",
    fee: "1000000",
    net: "99000000",
    network: "TRC20",
    walletAddress: TRON,
    status,
    needsSecondApproval: false,
    txHash: null,
    explorerUrl: null,
    failureReason: null,
    createdAt: "2026-03-02T12:00:00.000Z",
    updatedAt: "2026-03-02T12:00:00.000Z",
    ...extra,
  };
}

function setup(
  usdt: string,
  post?: () => unknown,
  day: { usedToday?: string; heldUntil?: string | null } = {},
) {
  const { session, me } = memberFixture();
  const posts: unknown[] = [];
  const balances = { views: "0", usdt, pendingUsdt: "0", heldViews: "0", heldNextClearAt: null };
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": balances,
    "GET /api/withdrawals": {
      balances,
      withdrawals: [withdrawal("FAILED", { failureReason: "Exchange address" })],
      dailyLimit: "100000000",
      usedToday: day.usedToday ?? "0",
      wallet: { address: EVM, network: "ERC20", heldUntil: day.heldUntil ?? null },
    },
    "POST /api/withdrawals": ({ body }: { body: unknown }) => {
      posts.push(body);
      return post
        ? post()
        : json(
            {
              withdrawal: withdrawal("SENT"),
              balances: {
                views: "0",
                usdt: "20000000",
                pendingUsdt: "100000000",
                heldViews: "0",
                heldNextClearAt: null,
              },
            },
            201,
          );
    },
  });
  return { fetchMock, posts };
}

async function form() {
  const found = await screen.findByRole("form", { name: "Request a withdrawal" });
  return {
    form: found,
    amount: within(found).getByLabelText("Amount (USDT)") as HTMLInputElement,
    network: within(found).getByLabelText("Network") as HTMLSelectElement,
    address: within(found).getByLabelText("Wallet address") as HTMLInputElement,
    submit: within(found).getByRole("button", { name: "Review withdrawal" }),
  };
}

describe("/withdraw", () => {
  it("refuses over the daily limit the page shows before the password step", async () => {
    const { posts } = setup("500000000", undefined, { usedToday: "100000000" });
    await renderRoute("/withdraw");
    const f = await form();
    fireEvent.change(f.amount, { target: { value: "100" } });
    fireEvent.click(f.submit);
    expect(
      await within(f.form).findByText(
        "This exceeds your daily withdrawal limit of 100.00 USDT (0.00 USDT left today, until 00:00 UTC)",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts).toEqual([]);
  });

  it("refuses a payout wallet still on hold before the password step", async () => {
    const heldUntil = new Date(Date.now() + 3_600_000).toISOString();
    const { posts } = setup("500000000", undefined, { heldUntil });
    await renderRoute("/withdraw");
    const f = await form();
    fireEvent.change(f.amount, { target: { value: "100" } });
    fireEvent.click(f.submit);
    expect(
      await within(f.form).findByText(/Your payout wallet was changed less than 24 hours ago/),
    ).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(posts).toEqual([]);
  });

  it("shows the seed's messages in the seed's order, then the network's own check", async () => {
    const { posts } = setup("120000000");
    await renderRoute("/withdraw");
    const f = await form();
    const expectMessage = async (text: string) =>
      expect(await within(f.form).findByText(text)).toBeTruthy();
    fireEvent.change(f.network, { target: { value: "TRC20" } });
    fireEvent.change(f.address, { target: { value: "" } });
    fireEvent.click(f.submit);
    await expectMessage("Please enter a valid amount");
    fireEvent.change(f.amount, { target: { value: "99" } });
    fireEvent.click(f.submit);
    await expectMessage("Minimum withdrawal is 100.00 USDT");
    fireEvent.change(f.amount, { target: { value: "150" } });
    fireEvent.click(f.submit);
    await expectMessage("Insufficient balance");
    fireEvent.change(f.amount, { target: { value: "100" } });
    fireEvent.click(f.submit);
    await expectMessage("Please enter your wallet address");
    fireEvent.change(f.address, { target: { value: "T123" } });
    fireEvent.click(f.submit);
    await expectMessage("Please enter a valid wallet address");
    fireEvent.change(f.address, { target: { value: `${TRON.slice(0, -1)}u` } });
    fireEvent.click(f.submit);
    await expectMessage("This address has a typo: its checksum does not match");
    expect(posts).toEqual([]);
    // The history shows a failure's reason.
    expect(screen.getByText("Reason: Exchange address")).toBeTruthy();
  });

  it("pre-fills the saved wallet for its network, shows the fee, confirms with the password once", async () => {
    const { posts, fetchMock } = setup("120000000");
    await renderRoute("/withdraw");
    const f = await form();
    expect(f.network.value).toBe("ERC20");
    expect(f.address.value).toBe(EVM);
    fireEvent.change(f.network, { target: { value: "TRC20" } });
    await waitFor(() => expect(f.address.value).toBe(""));
    fireEvent.change(f.address, { target: { value: TRON } });
    fireEvent.change(f.amount, { target: { value: "100" } });
    await waitFor(() => expect(screen.getByTestId("withdraw-net").textContent).toBe("99.00 USDT"));
    expect(screen.getByTestId("withdraw-fee").textContent).toBe("1.00 USDT");
    fireEvent.click(f.submit);
    const dialog = await screen.findByRole("dialog", { name: "Confirm withdrawal" });
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "secret-1" } });
    const confirm = within(dialog).getByRole("button", { name: "Confirm withdrawal" });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText("Withdrawal Submitted!")).toBeTruthy();
    expect(posts).toEqual([
      { amount: "100", network: "TRC20", walletAddress: TRON, password: "secret-1" },
    ]);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(new Headers(post?.[1]?.headers).get("Idempotency-Key")).toBeTruthy();
  });

  it("is disabled below a 100 USDT balance", async () => {
    setup("99990000");
    await renderRoute("/withdraw");
    const f = await form();
    expect(
      await screen.findByText("You need at least 100.00 USDT in your balance to withdraw."),
    ).toBeTruthy();
    expect((f.submit as HTMLButtonElement).disabled).toBe(true);
  });

  it("says when the withdrawal data cannot load", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/balances": {
        views: "0",
        usdt: "0",
        pendingUsdt: "0",
        heldViews: "0",
        heldNextClearAt: null,
      },
      "GET /api/withdrawals": json({ code: "INTERNAL", message: "x" }, 500),
    });
    await renderRoute("/withdraw");
    expect((await screen.findAllByText("Failed to load withdrawal data")).length).toBeGreaterThan(
      0,
    );
  });
});
