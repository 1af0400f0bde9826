import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import i18n, { i18nReady } from "@/lib/i18n";
import { memberFixture, mockApi } from "@/test/mock-api";
import { TestProviders } from "@/test/providers";
import { TopBar } from "./top-bar";

describe("top bar", () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
  });

  it("has quick buttons and a menu with the three groups", async () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </TestProviders>,
    );
    const quick = screen.getByRole("navigation", { name: "Quick links" });
    expect(
      within(quick)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual(["/dashboard", "/feed", "/marketplace"]);

    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    const menu = await screen.findByRole("menu");

    for (const group of ["Functional", "Institutional", "Downloads"]) {
      expect(within(menu).getByText(group)).toBeTruthy();
    }
    const items = within(menu).getAllByRole("menuitem");
    expect(items).toHaveLength(7 + 8 + 1);
    expect(items.map((item) => item.getAttribute("href"))).toContain("/swap");
    expect(items.map((item) => item.getAttribute("href"))).toContain("/disclaimer");

    const pdf = within(menu).getByRole("menuitem", { name: "Official PDF documents" });
    expect(pdf.getAttribute("href")).toBe("/api/documents/official.pdf?lang=en");
    expect(pdf.hasAttribute("download")).toBe(true);
  });

  it("switches the language", async () => {
    render(
      <TestProviders>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </TestProviders>,
    );
    // The name starts with the visible code (label-content-name-mismatch, ADR 035).
    const toPortuguese = screen.getByRole("button", { name: /Switch to Brazilian Portuguese/ });
    expect(toPortuguese.textContent).toMatch(/^PT-BR\s*Switch to Brazilian Portuguese$/);
    fireEvent.click(toPortuguese);
    expect(await screen.findByRole("button", { name: "Abrir menu" })).toBeTruthy();
    expect(document.documentElement.lang).toBe("pt-BR");
    await i18n.changeLanguage("en");
  });

  it("offers Sign in to visitors", async () => {
    mockApi();
    render(
      <TestProviders>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </TestProviders>,
    );
    const signIn = await screen.findByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe("/auth");
  });

  it("shows the member's username with Dashboard, Settings and Sign out", async () => {
    const { session, me } = memberFixture();
    mockApi({ "GET /api/auth/get-session": session, "GET /api/me": me });
    render(
      <TestProviders>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </TestProviders>,
    );
    await screen.findByRole("button", { name: "Account menu of alice" });
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    // The menu's code arrives after the placeholder button: a click on the placeholder opens
    // the menu as soon as it has.
    fireEvent.click(screen.getByRole("button", { name: "Account menu of alice" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Dashboard" }).getAttribute("href")).toBe(
      "/dashboard",
    );
    expect(within(menu).getByRole("menuitem", { name: "Settings" })).toBeTruthy();
    expect(within(menu).getByRole("menuitem", { name: "Sign out" })).toBeTruthy();
    // Members never see staff links.
    expect(within(menu).queryByRole("menuitem", { name: "Admin" })).toBeNull();
  });

  it("shows the Admin link to admins only", async () => {
    const { session, me } = memberFixture({ twoFactorEnabled: true });
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": { ...me, profile: { ...me.profile, role: "admin" } },
    });
    render(
      <TestProviders>
        <MemoryRouter>
          <TopBar />
        </MemoryRouter>
      </TestProviders>,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Account menu of alice" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Admin" }).getAttribute("href")).toBe(
      "/admin",
    );
  });
});
