import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("landing page", () => {
  it("shows the hero, the sections, the call to action and the footer", async () => {
    await renderRoute("/");

    expect(
      await screen.findByRole("heading", { level: 1, name: "Transform your time into real value" }),
    ).toBeTruthy();
    expect(screen.getByText("Watch, interact and grow with our ecosystem")).toBeTruthy();
    expect(screen.getByText("Views → Credits → Market → Withdrawals")).toBeTruthy();
    for (const name of ["How It Works", "Our Ecosystem", "Transparency & Trust"]) {
      expect(screen.getByRole("heading", { level: 2, name })).toBeTruthy();
    }
    // Figures come from the shared constants, never from the text.
    expect(screen.getAllByText(/1 view = 0\.1 USDT/).length).toBeGreaterThan(0);

    const hrefs = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    for (const href of [
      "/auth",
      "/whitepaper",
      "/privacy-policy",
      "/terms-of-use",
      "/about-us",
      "/support",
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(
      screen.getByText(
        "The platform is in development; USDT rewards are processed manually via support.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.title).toContain("Transform your time into real value"));
  });
});
