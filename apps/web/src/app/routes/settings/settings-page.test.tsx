import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { NOTIFICATION_KIND_NAMES } from "@viewvault/shared";
import { describe, expect, it } from "vitest";
import i18n from "@/lib/i18n";
import { memberFixture, mockApi } from "@/test/mock-api";
import { renderRoute } from "@/test/render-route";

const TRON = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";
const EVM = "0x52908400098527886E0F7030069857D2E4169EE7";

function signedIn(options: { twoFactorEnabled?: boolean } = {}, routes = {}) {
  const { session, me } = memberFixture(options);
  const fetchMock = mockApi({
    "GET /api/auth/get-session": session,
    "GET /api/me": me,
    "GET /api/usernames/availability": ({ url }: { url: URL }) => ({
      username: url.searchParams.get("username"),
      available: url.searchParams.get("username") !== "taken_name",
      ...(url.searchParams.get("username") === "taken_name" ? { reason: "taken" } : {}),
    }),
    "GET /api/auth/list-sessions": [
      {
        id: "s1",
        token: "token-1",
        userAgent:
          "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
        ipAddress: "203.0.113.7",
        createdAt: "2026-01-15T12:00:00.000Z",
        updatedAt: "2026-01-16T12:00:00.000Z",
        expiresAt: "2026-02-15T12:00:00.000Z",
      },
      {
        id: "s2",
        token: "token-2",
        userAgent:
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
        ipAddress: "198.51.100.2",
        createdAt: "2026-01-10T12:00:00.000Z",
        updatedAt: "2026-01-11T12:00:00.000Z",
        expiresAt: "2026-02-10T12:00:00.000Z",
      },
    ],
    ...routes,
  });
  return { me, fetchMock };
}

describe("/settings", () => {
  it("has the four tabs and opens the one in ?tab=", async () => {
    signedIn();
    await renderRoute("/settings?tab=notifications");
    const tabs = await screen.findAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Profile",
      "Wallet",
      "Security",
      "Notifications",
    ]);
    expect(screen.getByRole("tab", { name: "Notifications" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(screen.getByRole("switch", { name: "New sign-in" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    expect(screen.getByRole("link", { name: /Back to dashboard/ }).getAttribute("href")).toBe(
      "/dashboard",
    );
  });

  it("lists every kind with the inbox always on and e-mail and push switches", async () => {
    const saved: unknown[] = [];
    signedIn(
      {},
      {
        "GET /api/notifications/preferences": {
          preferences: NOTIFICATION_KIND_NAMES.map((kind) => ({
            kind,
            email: kind === "transferReceived",
            push: true,
          })),
        },
        "PUT /api/notifications/preferences": ({ body }: { body: { preferences: unknown[] } }) => {
          saved.push(...body.preferences);
          return {
            preferences: NOTIFICATION_KIND_NAMES.map((kind) => ({ kind, email: true, push: true })),
          };
        },
      },
    );
    await renderRoute("/settings?tab=notifications");
    const table = await screen.findByRole("table", { name: "What we tell you, and how" });
    expect(within(table).getAllByRole("row")).toHaveLength(NOTIFICATION_KIND_NAMES.length + 1);
    const email = within(table).getByRole("switch", { name: "E-mail for Transfer received" });
    expect(email.getAttribute("aria-checked")).toBe("true");
    const bonusEmail = within(table).getByRole("switch", { name: "E-mail for Bonus granted" });
    expect(bonusEmail.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(bonusEmail);
    await waitFor(() => expect(saved).toEqual([{ kind: "bonusGranted", email: true, push: true }]));
    // jsdom has no push: the card says so instead of offering a button that cannot work.
    expect(screen.getByTestId("push-state").getAttribute("data-state")).toBe("unsupported");
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeTruthy();
    // The former "transactions" switch is the e-mail column now; the account e-mails stay.
    expect(screen.queryByRole("switch", { name: "Transactions" })).toBeNull();
    expect(screen.getByRole("switch", { name: "News and events" })).toBeTruthy();
  });

  it("validates the wallet address for each network", async () => {
    signedIn();
    await renderRoute("/settings?tab=wallet");
    const address = await screen.findByLabelText("Wallet address");
    const network = screen.getByLabelText("Network");

    // Checked as it is typed (the form contract runs on every change), on its field.
    fireEvent.change(address, { target: { value: EVM } });
    expect(
      await screen.findByText("A TRC20 address starts with T and has 34 characters"),
    ).toBeTruthy();
    expect(address.getAttribute("aria-invalid")).toBe("true");
    expect(
      document.getElementById(address.getAttribute("aria-describedby") ?? "")?.textContent,
    ).toBe("A TRC20 address starts with T and has 34 characters");
    fireEvent.change(address, { target: { value: TRON } });
    await waitFor(() => expect(screen.queryByText(/A TRC20 address/)).toBeNull());

    fireEvent.change(network, { target: { value: "ERC20" } });
    expect(
      await screen.findByText("An ERC20 address is 0x followed by 40 hexadecimal characters"),
    ).toBeTruthy();
    fireEvent.change(address, { target: { value: EVM } });
    await waitFor(() => expect(screen.queryByText(/ERC20 address is/)).toBeNull());

    fireEvent.change(network, { target: { value: "BEP20" } });
    await waitFor(() => expect(screen.queryByText(/BEP20 address is/)).toBeNull());
    fireEvent.change(address, { target: { value: TRON } });
    expect(
      await screen.findByText("A BEP20 address is 0x followed by 40 hexadecimal characters"),
    ).toBeTruthy();
  });

  it("says when the password is wrong, on the password field", async () => {
    signedIn(
      {},
      {
        "PUT /api/me/wallet": () =>
          new Response(
            JSON.stringify({
              code: "INVALID_CREDENTIALS",
              message: "Password or code is incorrect.",
            }),
            { status: 403, headers: { "content-type": "application/json" } },
          ),
      },
    );
    await renderRoute("/settings?tab=wallet");
    fireEvent.change(await screen.findByLabelText("Wallet address"), { target: { value: TRON } });
    fireEvent.click(screen.getByRole("button", { name: "Save wallet" }));
    const dialog = await screen.findByRole("dialog");
    const save = within(dialog).getByRole("button", { name: "Confirm and save" });
    fireEvent.click(save);
    expect(await within(dialog).findByText("Please enter your password")).toBeTruthy();
    const password = within(dialog).getByLabelText("Password");
    fireEvent.change(password, { target: { value: "wrong-1" } });
    fireEvent.click(save);
    expect(await within(dialog).findByText("Password or code is incorrect.")).toBeTruthy();
    expect(password.getAttribute("aria-invalid")).toBe("true");
  });

  it("confirms a new wallet with the password", async () => {
    let sent: unknown = null;
    const { me } = signedIn(
      {},
      {
        "PUT /api/me/wallet": ({ body }: { body: unknown }) => {
          sent = body;
          return {
            ...memberFixture().me,
            profile: { ...memberFixture().me.profile, walletNetwork: "TRC20", walletAddress: TRON },
          };
        },
      },
    );
    expect(me.user.twoFactorEnabled).toBe(false);
    await renderRoute("/settings?tab=wallet");
    fireEvent.change(await screen.findByLabelText("Wallet address"), { target: { value: TRON } });
    fireEvent.click(screen.getByRole("button", { name: "Save wallet" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Password"), { target: { value: "secret-1" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm and save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent).toEqual({ walletNetwork: "TRC20", walletAddress: TRON, password: "secret-1" });
    expect(await screen.findByText(/TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL/)).toBeTruthy();
  });

  it("asks for a 2FA code instead when two-factor authentication is on", async () => {
    signedIn({ twoFactorEnabled: true });
    await renderRoute("/settings?tab=wallet");
    fireEvent.change(await screen.findByLabelText("Wallet address"), { target: { value: TRON } });
    fireEvent.click(screen.getByRole("button", { name: "Save wallet" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Authentication code")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: /Use my password instead/ }));
    expect(within(dialog).getByLabelText("Password")).toBeTruthy();
  });

  it("lists sessions with a friendly device name and marks this device", async () => {
    signedIn();
    await renderRoute("/settings?tab=security");
    expect(await screen.findByText("Chrome on Linux")).toBeTruthy();
    expect(screen.getByText("This device")).toBeTruthy();
    expect(screen.getByText("Safari on iOS")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign out Safari on iOS" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Enable two-factor authentication" })).toBeTruthy();
  });

  it("saves the username with the seed's toast (pt-BR: Perfil Atualizado)", async () => {
    let patched: unknown = null;
    signedIn(
      {},
      {
        "PATCH /api/me/profile": ({ body }: { body: { username: string } }) => {
          patched = body;
          const { me } = memberFixture();
          return { ...me, profile: { ...me.profile, username: body.username } };
        },
      },
    );
    await renderRoute("/settings");
    await i18n.changeLanguage("pt-BR");
    const input = await screen.findByLabelText("Nome de usuário");
    fireEvent.change(input, { target: { value: "alice_2" } });
    await screen.findByText("Nome de usuário disponível");
    fireEvent.click(screen.getByRole("button", { name: "Salvar alterações" }));
    expect(await screen.findByText("Perfil Atualizado")).toBeTruthy();
    expect(patched).toEqual({ username: "alice_2" });
    await i18n.changeLanguage("en");
  });

  it("reports a failed update with the seed's toast", async () => {
    signedIn(
      {},
      {
        "PATCH /api/me/profile": () =>
          new Response(JSON.stringify({ code: "CONFLICT", message: "Username is already taken" }), {
            status: 409,
            headers: { "content-type": "application/json" },
          }),
      },
    );
    await renderRoute("/settings");
    fireEvent.change(await screen.findByLabelText("Username"), { target: { value: "alice_3" } });
    await screen.findByText("Username available");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Could not update the profile")).toBeTruthy();
  });

  it("sends anonymous visitors to sign in first", async () => {
    mockApi();
    const { router } = await renderRoute("/settings?tab=wallet");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent("/settings?tab=wallet")}`,
    );
  });
});
