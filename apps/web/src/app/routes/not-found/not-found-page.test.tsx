import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("not-found page", () => {
  it("answers unknown paths with 404 and a link home", async () => {
    await renderRoute("/this-page-does-not-exist");

    expect(await screen.findByText("404")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return to Home" }).getAttribute("href")).toBe("/");
  });

  it("redirects the short policy links", async () => {
    const { router } = await renderRoute("/terms");
    await waitFor(() => expect(router.state.location.pathname).toBe("/terms-of-use"));
  });
});
