import { cleanup, screen } from "@testing-library/react";
import { formatUsdt, INVITE } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const bob = {
  id: "9b2a3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  username: "bob",
  isVerified: true,
  memberSince: "2026-01-10T00:00:00.000Z",
  referralCount: 2,
};

describe("/:handle", () => {
  it("shows visitors the invite page with the shared sign-up bonus", async () => {
    mockApi({ "GET /api/profiles/bob": bob });
    await renderRoute("/@bob");
    expect(await screen.findByRole("heading", { level: 1, name: "@bob invited you" })).toBeTruthy();
    expect(screen.getByText("Verified")).toBeTruthy();
    const bonus = formatUsdt(INVITE.signupBonusMicroUsdt, "en").replace(/\.00$/, "");
    expect(screen.getByText(`${bonus} free USDT`)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Create my account/ }).getAttribute("href")).toBe(
      "/auth?ref=bob",
    );
    expect(
      screen.getByRole("link", { name: /I already have an account/ }).getAttribute("href"),
    ).toBe("/auth");
  });

  it("accepts the handle without the @", async () => {
    mockApi({ "GET /api/profiles/bob": bob });
    await renderRoute("/bob");
    expect(await screen.findByRole("heading", { level: 1, name: "@bob invited you" })).toBeTruthy();
  });

  it("shows members the public profile, with a hint on their own", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/profiles/alice": {
        ...bob,
        id: me.profile.id,
        username: "alice",
        isVerified: false,
      },
    });
    await renderRoute("/@alice");
    expect(await screen.findByRole("heading", { level: 1, name: "@alice" })).toBeTruthy();
    expect(screen.getByText("2 referrals")).toBeTruthy();
    expect(screen.getByText(/This is you/)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Edit profile/ }).getAttribute("href")).toBe(
      "/settings",
    );
  });

  it("shows members a member's verified badge and mystery box collection with counts", async () => {
    const { session, me } = memberFixture();
    mockApi({
      "GET /api/auth/get-session": session,
      "GET /api/me": me,
      "GET /api/profiles/bob": bob,
      "GET /api/profiles/bob/collection": {
        username: "bob",
        items: [
          { itemId: "film-reel", rarity: "common", count: 3 },
          { itemId: "golden-play-button", rarity: "legendary", count: 1 },
        ],
      },
    });
    await renderRoute("/@bob");
    expect(await screen.findByRole("heading", { level: 1, name: "@bob" })).toBeTruthy();
    expect(screen.getByText("Verified")).toBeTruthy();
    const collection = await screen.findByRole("list", { name: "Collection" });
    expect(collection.textContent).toContain("Film Reel");
    expect(collection.textContent).toContain("×3");
    expect(collection.textContent).toContain("Golden Play Button");
    expect(screen.getByText("4 items")).toBeTruthy();
  });

  it("says Usuário não encontrado for an unknown member (pt-BR)", async () => {
    mockApi();
    await renderRoute("/@ghost_user");
    await i18n.changeLanguage("pt-BR");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Usuário não encontrado" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: /Ir para o início/ }).getAttribute("href")).toBe("/");
    await i18n.changeLanguage("en");
  });

  it("answers a bare path that cannot be a username with the not-found page", async () => {
    mockApi();
    await renderRoute("/not-a-user!");
    expect(await screen.findByText("404")).toBeTruthy();
    cleanup();
    await renderRoute("/some-name-with-hyphens");
    expect(await screen.findByText("404")).toBeTruthy();
  });

  it("says Usuário não encontrado for any /@name no username can match (pt-BR)", async () => {
    const fetchMock = mockApi();
    await renderRoute("/@some-name-with-hyphens");
    expect(await screen.findByRole("heading", { level: 1, name: "User not found" })).toBeTruthy();
    await i18n.changeLanguage("pt-BR");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Usuário não encontrado" }),
    ).toBeTruthy();
    expect(
      screen.getByText("Não existe nenhum membro chamado @some-name-with-hyphens."),
    ).toBeTruthy();
    expect(screen.queryByText("404")).toBeNull();
    await i18n.changeLanguage("en");
    // Nothing to ask the server: no member can have that name.
    const asked = fetchMock.mock.calls.map(([input]) => String(input));
    expect(asked.some((url) => url.includes("/api/profiles/"))).toBe(false);
  });

  it("says User not found for too long a name and for a reserved word after @", async () => {
    mockApi();
    const long = "a".repeat(40);
    await renderRoute(`/@${long}`);
    expect(await screen.findByRole("heading", { level: 1, name: "User not found" })).toBeTruthy();
    expect(screen.getByText(`There is no member called @${long}.`)).toBeTruthy();
    cleanup();
    await renderRoute("/@dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "User not found" })).toBeTruthy();
  });
});
