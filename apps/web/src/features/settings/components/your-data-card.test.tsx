import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

function setup(deleteAnswer: unknown) {
  const { session, me } = memberFixture();
  const bodies: unknown[] = [];
  mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/balances": {
      views: "250",
      usdt: "3000000",
      pendingUsdt: "0",
      heldViews: "0",
      heldNextClearAt: null,
    },
    "GET /api/ranking/visibility": { hidden: false },
    "POST /api/me/delete": ({ body }: { body: unknown }) => {
      bodies.push(body);
      return deleteAnswer;
    },
  });
  return bodies;
}

describe("Settings → Your data", () => {
  it("links the download and asks again before deleting; the forfeit is an explicit choice", async () => {
    const bodies = setup(
      json(
        {
          code: "ACCOUNT_DELETION_BLOCKED",
          message:
            "You still have a balance. Withdraw or spend it first, or confirm that you give it up.",
          params: { context: "balance" },
          field: "forfeitBalance",
        },
        409,
      ),
    );
    await renderRoute("/settings");
    const download = await screen.findByRole("link", { name: "Download my data (ZIP)" });
    expect(download.getAttribute("href")).toBe("/api/me/export");
    expect(await screen.findByRole("switch", { name: "Hide me from the ranking" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(
      within(dialog).getByText(/the account deleted in 7 days; sign in before then to cancel/),
    ).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Schedule the deletion" });
    fireEvent.click(confirm);
    expect(
      await within(dialog).findByText("Confirm with your password or a 2FA code"),
    ).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "secret-1" } });
    await waitFor(() =>
      expect(
        within(dialog).getByText(/I give up my remaining balance of 250 views and 3.00 USDT/),
      ).toBeTruthy(),
    );
    fireEvent.click(confirm);
    expect(
      await within(dialog).findByText(
        "You still have a balance. Withdraw or spend it first, or confirm that you give it up.",
      ),
    ).toBeTruthy();
    expect(bodies).toEqual([{ password: "secret-1", forfeitBalance: false }]);
  });

  it("says when the account will be deleted once it is scheduled", async () => {
    const bodies = setup({ scheduled: true, deleteAt: "2026-11-30T04:00:00.000Z" });
    await renderRoute("/settings");
    fireEvent.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "secret-1" } });
    await waitFor(() => expect(within(dialog).getByRole("checkbox")).toBeTruthy());
    fireEvent.click(within(dialog).getByRole("checkbox"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule the deletion" }));
    const done = await screen.findByRole("dialog", { name: "Deletion scheduled" });
    expect(within(done).getByRole("status").textContent).toMatch(
      /^Your account will be deleted on November 30, 2026.*sign in before then to cancel\.$/,
    );
    expect(within(done).getByRole("button", { name: "OK, go to the home page" })).toBeTruthy();
    expect(bodies).toEqual([{ password: "secret-1", forfeitBalance: true }]);
  });
});
