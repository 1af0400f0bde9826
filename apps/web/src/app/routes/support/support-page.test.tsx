import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const REQUEST: Request & { withdrawal: Record<string, unknown> } = {
  id: "5d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  userId: "6d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
  username: "bob",
  requestType: "WITHDRAWAL",
  amountUsdt: "100000000",
  network: "TRC20",
  walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
  status: "PENDING",
  message: null,
  withdrawal: {
    id: "7d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
    amount: "100000000",
    fee: "1000000",
    net: "99000000",
    network: "TRC20",
    walletAddress: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    status: "SENT",
    needsSecondApproval: false,
    txHash: null,
    explorerUrl: null,
    failureReason: null,
    processedBy: null,
    createdAt: "2026-03-02T12:00:00.000Z",
    updatedAt: "2026-03-02T12:00:00.000Z",
  },
  createdAt: "2026-03-02T12:00:00.000Z",
  updatedAt: "2026-03-02T12:00:00.000Z",
};
const optionsOf = (select: HTMLElement) =>
  [...(select as HTMLSelectElement).options].map((o) => o.value);
const EMPTY = { requests: [], page: 1, pageSize: 20, total: 0 };

/** A desk request as the mocked API returns it (fields vary from the waiting REQUEST). */
type Request = Record<string, unknown> & { id: string };

function staffSetup(
  requests: Request[] = [REQUEST],
  role: "support" | "admin" = "support",
  unlockedAt: string | null = null,
) {
  const { session, me } = memberFixture({ twoFactorEnabled: true });
  me.profile.role = role;
  let unlocked: string | null = unlockedAt;
  let current = [...requests];
  const statusBodies: unknown[] = [];
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
    "GET /api/support/requests": EMPTY,
    "GET /api/support/desk/unlock": () => ({ unlockedUntil: unlocked }),
    "POST /api/support/desk/unlock": ({ body }: { body: { password: string } }) => {
      if (body.password !== "right-password") {
        return json(
          {
            code: "INVALID_CREDENTIALS",
            message: "Access Denied: Invalid password",
            params: { context: "supportGate" },
            field: "password",
          },
          403,
        );
      }
      unlocked = "2099-01-01T00:00:00.000Z";
      return { unlockedUntil: unlocked };
    },
    "GET /api/support/desk/requests": () => ({
      requests: current,
      page: 1,
      pageSize: 20,
      total: current.length,
    }),
    [`PUT /api/support/desk/requests/${REQUEST.id}/status`]: ({ body }: { body: unknown }) => {
      statusBodies.push(body);
      // Taken by the signed-in staff member (alice).
      const taken = {
        ...REQUEST,
        status: "PROCESSING",
        withdrawal: { ...REQUEST.withdrawal, processedBy: "alice" },
      };
      current = current.map((r) => (r.id === REQUEST.id ? taken : r));
      return taken;
    },
  });
  return { statusBodies };
}

describe("/support", () => {
  it("lets a member open a request with the shared contract's messages", async () => {
    const { session, me } = memberFixture();
    const posts: unknown[] = [];
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
      "GET /api/support/requests": EMPTY,
      "POST /api/support/requests": ({ body }: { body: unknown }) => {
        posts.push(body);
        return json(
          {
            ...EMPTY,
            total: 1,
            requests: [
              { ...REQUEST, requestType: "PAYMENT", withdrawal: null, message: "Where is it?" },
            ],
          },
          201,
        );
      },
    });
    await renderRoute("/support");
    expect(await screen.findByText("You have no support requests yet.")).toBeTruthy();
    expect(screen.queryByText("Support Dashboard")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Please write a message")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "PAYMENT" } });
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Where is it?" } });
    fireEvent.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Request sent")).toBeTruthy();
    expect(posts).toEqual([{ requestType: "PAYMENT", message: "Where is it?" }]);
    expect(await screen.findByText("Where is it?")).toBeTruthy();
  });

  it("opens the thread of the request a notification links to (?request=)", async () => {
    const { session, me } = memberFixture();
    const other = { ...REQUEST, id: "8d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a", withdrawal: null };
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
      "GET /api/support/requests": { ...EMPTY, total: 2, requests: [other, REQUEST] },
      [`GET /api/support/requests/${REQUEST.id}/messages`]: { messages: [] },
    });
    await renderRoute(`/support?request=${REQUEST.id}`);
    const rows = await screen.findAllByTestId("my-request");
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: "Hide messages" }),
    ).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole("button", { name: "Messages" })).toBeTruthy();
  });

  it("gates the desk with the staff member's password, then lists and updates requests", async () => {
    const { statusBodies } = staffSetup();
    await renderRoute("/support");
    const password = await screen.findByLabelText("Password");
    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(screen.getByRole("button", { name: "Unlock" }));
    expect((await screen.findAllByText("Access Denied: Invalid password")).length).toBeGreaterThan(
      0,
    );
    fireEvent.change(password, { target: { value: "right-password" } });
    fireEvent.click(screen.getByRole("button", { name: "Unlock" }));
    expect(await screen.findByText("Access Granted")).toBeTruthy();
    // The grant replaces the denial it answers: no "Access Denied" toast beside it.
    await waitFor(() => expect(screen.queryByText("Access Denied: Invalid password")).toBeNull());
    const row = await screen.findByTestId("desk-request");
    expect(within(row).getByText("@bob")).toBeTruthy();
    // One request: "1 request", not "1 requests" (plurals through i18next).
    expect(screen.getByText("Page 1 of 1 · 1 request")).toBeTruthy();
    expect(within(row).getByTestId("support-withdrawal-status").textContent).toBe("Pending");
    fireEvent.change(within(row).getByTestId("desk-status"), { target: { value: "PROCESSING" } });
    expect(await screen.findByText("Status Updated")).toBeTruthy();
    expect(statusBodies).toEqual([{ status: "PROCESSING" }]);
    // Taken: the badge says what the dropdown says.
    await waitFor(() =>
      expect(within(row).getByTestId("support-withdrawal-status").textContent).toBe("Processing"),
    );
    // Taken by this staff member: COMPLETED is now offered, and asks for the transaction hash.
    await waitFor(() =>
      expect(optionsOf(within(row).getByTestId("desk-status"))).toContain("COMPLETED"),
    );
    fireEvent.change(within(row).getByTestId("desk-status"), { target: { value: "COMPLETED" } });
    expect(await screen.findByRole("dialog", { name: "Complete withdrawal" })).toBeTruthy();
  });

  it("offers only what the viewer may do in the withdrawal's state", async () => {
    const awaiting = {
      ...REQUEST,
      id: "8d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a",
      username: "carol",
      status: "PROCESSING",
      withdrawal: {
        ...REQUEST.withdrawal,
        status: "AWAITING_APPROVAL",
        processedBy: "sam",
        txHash: `0x${"ab".repeat(32)}`,
      },
    };
    staffSetup([REQUEST, awaiting], "support", "2099-01-01T00:00:00.000Z");
    await renderRoute("/support");
    const rows = await screen.findAllByTestId("desk-request");
    const [waiting, second] = rows as [HTMLElement, HTMLElement];
    // Waiting, nobody took it: take it or fail it — never "complete" before taking it.
    expect(optionsOf(within(waiting).getByTestId("desk-status"))).toEqual([
      "PENDING",
      "PROCESSING",
    ]);
    expect(within(waiting).getByRole("button", { name: "Fail withdrawal" })).toBeTruthy();
    // A colleague's payout awaiting the second approval: support can neither approve nor fail it.
    expect(within(second).queryByRole("button", { name: "Give second approval" })).toBeNull();
    expect(within(second).queryByRole("button", { name: "Fail withdrawal" })).toBeNull();
    expect(within(second).queryByTestId("desk-status")).toBeNull();
  });

  it("shows an admin the second approval without asking for the hash again", async () => {
    const awaiting = {
      ...REQUEST,
      status: "PROCESSING",
      withdrawal: {
        ...REQUEST.withdrawal,
        status: "AWAITING_APPROVAL",
        processedBy: "sam",
        txHash: `0x${"ab".repeat(32)}`,
      },
    };
    staffSetup([awaiting], "admin", "2099-01-01T00:00:00.000Z");
    await renderRoute("/support");
    const row = await screen.findByTestId("desk-request");
    fireEvent.click(within(row).getByRole("button", { name: "Give second approval" }));
    const dialog = await screen.findByRole("dialog", { name: "Give second approval" });
    expect(within(dialog).queryByRole("textbox")).toBeNull();
    expect(within(dialog).getByText(`0x${"ab".repeat(32)}`)).toBeTruthy();
  });

  it("shows one status per row, and no transaction for a rejected payout", async () => {
    const rejected = {
      ...REQUEST,
      status: "COMPLETED",
      withdrawal: {
        ...REQUEST.withdrawal,
        status: "FAILED",
        processedBy: "sam",
        txHash: `0x${"ab".repeat(32)}`,
        explorerUrl: `https://etherscan.io/tx/0x${"ab".repeat(32)}`,
        failureReason: "Wrong network",
      },
    };
    staffSetup([rejected], "support", "2099-01-01T00:00:00.000Z");
    await renderRoute("/support");
    const row = await screen.findByTestId("desk-request");
    expect(within(row).getByTestId("support-withdrawal-status").textContent).toBe("Failed");
    expect(within(row).queryByTestId("support-status")).toBeNull();
    expect(within(row).queryByText("Completed")).toBeNull();
    expect(within(row).queryByText(/Transaction/)).toBeNull();
    expect(within(row).queryByTestId("desk-status")).toBeNull();
  });
});
