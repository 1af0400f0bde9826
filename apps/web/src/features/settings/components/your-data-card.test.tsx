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
    "GET /api/balances": { views: "250", usdt: "3000000", pendingUsdt: "0" },
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
    const confirm = within(dialog).getByRole("button", { name: "Delete my account forever" });
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
});
