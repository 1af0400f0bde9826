import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "@/test/render-route";

describe("document page", () => {
  it("renders the whitepaper with its PDF download and no back button", async () => {
    await renderRoute("/whitepaper");
    const heading = await screen.findByRole("heading", { level: 1 });
    expect(heading.textContent).toBeTruthy();
    const download = screen.getByRole("link", { name: "Download PDF" });
    expect(download.getAttribute("href")).toBe("/api/documents/whitepaper.pdf?lang=en");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    expect(document.body.textContent).not.toContain("{{");
  });

  it("gives the AML/KYC policy a back button", async () => {
    await renderRoute("/aml-kyc-policy");
    expect(await screen.findByRole("button", { name: "Back" })).toBeTruthy();
  });
});
