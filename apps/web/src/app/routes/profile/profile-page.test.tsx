import { screen } from "@testing-library/react";
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

  it("answers a path that cannot be a username with the not-found page", async () => {
    mockApi();
    await renderRoute("/not-a-user!");
    expect(await screen.findByText("404")).toBeTruthy();
  });
});
