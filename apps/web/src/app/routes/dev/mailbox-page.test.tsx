import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

/** The HTML as the server renders it: `&` escaped as `&#38;`, links in `href`s. */
const html = (text: string) =>
  `<p>${text.replace(/&/g, "&#38;").replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`;

const message = (id: string, subject: string, text: string) => ({
  id,
  to: "new@example.com",
  subject,
  text,
  html: html(text),
  kind: "verify-email",
  status: "sent",
  createdAt: "2026-01-15T12:00:00.000Z",
});

describe("/dev/mailbox", () => {
  it("says when the mailbox is disabled", async () => {
    mockApi();
    await renderRoute("/dev/mailbox");
    expect(
      await screen.findByText("The development mailbox is disabled on this deployment."),
    ).toBeTruthy();
  });

  it("lists messages and shows the selected one's links", async () => {
    mockApi({
      "GET /api/dev/mailbox": {
        messages: [
          message(
            "7d1e2f3a-4b5c-4d6e-8f9a-0b1c2d3e4f5a",
            "Confirm your e-mail",
            "Open http://localhost:3000/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard to confirm.",
          ),
          message(
            "8e2f3a4b-5c6d-4e7f-9a0b-1c2d3e4f5a6b",
            "Reset your password",
            "Open http://localhost:3000/auth/reset-password?token=xyz.",
          ),
        ],
      },
    });
    await renderRoute("/dev/mailbox");
    expect(await screen.findByRole("heading", { name: "Confirm your e-mail" })).toBeTruthy();
    // One link each (the HTML's copy is the same link), with its parameters intact.
    const verify = screen.getAllByRole("link", { name: /verify-email\?token=abc/ });
    expect(verify.map((link) => link.getAttribute("href"))).toEqual([
      "/api/auth/verify-email?token=abc&callbackURL=%2Fdashboard",
    ]);
    fireEvent.click(screen.getByRole("button", { name: /Reset your password/ }));
    expect(
      screen.getByRole("link", { name: /reset-password\?token=xyz/ }).getAttribute("href"),
    ).toBe("/auth/reset-password?token=xyz");
    fireEvent.click(screen.getByText("HTML preview"));
    const frame = await screen.findByTitle("Message: Reset your password");
    expect(frame.getAttribute("sandbox")).toContain("allow-popups");
    expect(frame.getAttribute("sandbox")).not.toContain("allow-scripts");
  });
});
