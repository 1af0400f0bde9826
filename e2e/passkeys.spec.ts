import type { Page } from "@playwright/test";
import { expect, freshMember, getJson, open, test } from "./fixtures";
import { asAdminOnMember, grantAndClaimBonus } from "./staff";

/**
 * Passkeys (ADR 070) with Chromium's virtual authenticator: a platform authenticator that keeps
 * discoverable credentials and verifies its user, as a phone with a fingerprint does.
 */
async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

const LANGUAGES = {
  en: {
    name: "Work phone",
    add: "Add a passkey",
    nameLabel: "Passkey name",
    added: "Passkey added",
    signIn: "Sign in with a passkey",
    remove: "Remove Work phone",
    confirm: "Remove",
    empty: "No passkeys yet.",
    amount: "Amount (USDT)",
    network: "Network",
    address: "Wallet address",
    review: "Review withdrawal",
    withPasskey: "Confirm with a passkey",
    submitted: "Withdrawal Submitted!",
  },
  "pt-BR": {
    name: "Celular do trabalho",
    add: "Adicionar uma passkey",
    nameLabel: "Nome da passkey",
    added: "Passkey adicionada",
    signIn: "Entrar com uma passkey",
    remove: "Remover Celular do trabalho",
    confirm: "Remover",
    empty: "Nenhuma passkey ainda.",
    amount: "Valor (USDT)",
    network: "Rede",
    address: "Endereço da carteira",
    review: "Revisar saque",
    withPasskey: "Confirmar com uma passkey",
    submitted: "Saque solicitado!",
  },
} as const;

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`passkey: add, sign out, sign in with it, remove (${language})`, async ({
    page,
    baseURL,
  }) => {
    await page.addInitScript((lang) => {
      localStorage.setItem("e2e-init", "1");
      localStorage.setItem("vv-lang", lang);
      if (sessionStorage.getItem("e2e-no-autofill")) {
        PublicKeyCredential.isConditionalMediationAvailable = async () => false;
      }
    }, language);
    await addVirtualAuthenticator(page);
    const member = await freshMember(page, baseURL ?? "", "passkey");
    // The dashboard greets the member by name.
    const signedIn = new RegExp(member.username);

    // Settings → Security: add a passkey on this device.
    await open(page, "/settings?tab=security");
    await page.getByLabel(text.nameLabel, { exact: true }).fill(text.name);
    await page.getByRole("button", { name: text.add }).click();
    await expect(page.getByText(text.added)).toBeVisible();
    await expect(page.getByText(text.name, { exact: true })).toBeVisible();

    // Sign out (the session cookie goes): the browser offers the passkey in the e-mail field
    // (conditional UI; the virtual authenticator picks it at once) and the member is in.
    await page.context().clearCookies();
    await page.goto("/auth");
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole("heading", { level: 1, name: signedIn })).toBeVisible();

    // Again with the button, in a browser that cannot offer passkeys in a form field.
    await page.context().clearCookies();
    await page.evaluate(() => sessionStorage.setItem("e2e-no-autofill", "1"));
    await open(page, "/auth");
    await expect(page.locator("#signin-email")).toHaveAttribute(
      "autocomplete",
      "username webauthn",
    );
    await page.getByRole("button", { name: text.signIn }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByRole("heading", { level: 1, name: signedIn })).toBeVisible();

    // The passkey shows its last use; remove it.
    await open(page, "/settings?tab=security");
    await page.getByRole("button", { name: text.remove }).click();
    await page.getByRole("button", { name: text.confirm, exact: true }).click();
    await expect(page.getByText(text.empty)).toBeVisible();
  });
}

for (const [language, text] of Object.entries(LANGUAGES)) {
  test(`passkey: confirm a withdrawal with it (${language})`, async ({ page, baseURL }, info) => {
    test.slow(); // a fresh member, a grant, a passkey and a withdrawal on a busy machine
    await page.addInitScript((lang) => {
      localStorage.setItem("e2e-init", "1");
      localStorage.setItem("vv-lang", lang);
    }, language);
    await addVirtualAuthenticator(page);
    await freshMember(page, baseURL ?? "", "pkwd");
    await grantAndClaimBonus(page, baseURL ?? "", 150, {
      key: `passkey-withdraw-${language}-${info.project.name}-${Date.now()}`,
      reason: "Passkey journey",
    });
    await open(page, "/settings?tab=security");
    await page.getByLabel(text.nameLabel, { exact: true }).fill(text.name);
    await page.getByRole("button", { name: text.add }).click();
    await expect(page.getByText(text.added)).toBeVisible();

    // The withdrawal page (loaded afresh: the account now has a passkey) offers it first.
    await open(page, "/withdraw");
    await page.getByLabel(text.amount).fill("100");
    await expect(page.getByLabel(text.network, { exact: true })).toHaveValue("TRC20");
    await page.getByLabel(text.address).fill(TRON);
    await page.getByRole("button", { name: text.review }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: text.withPasskey }).click();
    await expect(page.getByText(text.submitted)).toBeVisible();
    const overview = await getJson<{ balances: { pendingUsdt: string } }>(page, "/api/withdrawals");
    expect(overview.balances.pendingUsdt).toBe("100000000");
  });
}

test("sign-up shows the password's strength and refuses a guessable one", async ({ page }) => {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  await open(page, "/auth?tab=signup");
  await page.getByLabel("Username").fill(`weak_${stamp}`);
  await page.getByLabel("E-mail").fill(`weak-${stamp}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill("flamengo1");
  await expect(page.getByText(/Password strength: (very weak|weak)/)).toBeVisible();
  await page.getByLabel("Confirm Password").fill("flamengo1");
  await page.getByRole("checkbox", { name: /I accept the Terms of Use/ }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText("This password is too easy to guess.", { exact: false }),
  ).toBeVisible();

  const strong = `violet-lantern-${stamp}-orbit`;
  await page.getByLabel("Password", { exact: true }).fill(strong);
  await expect(page.getByText(/Password strength: (good|strong)/)).toBeVisible();
});

/** The demo admin makes the member signed in on `page` a support agent (over the API). */
async function makeSupport(page: Page, baseURL: string): Promise<void> {
  await asAdminOnMember(page, baseURL, async (admin, memberId, headers) => {
    const changed = await admin.put(`/api/admin/members/${memberId}/role`, {
      headers,
      data: { role: "support", reason: "Passkey journey: a new support agent" },
    });
    expect(changed.ok(), await changed.text()).toBe(true);
  });
}

test("passkey: a support agent without TOTP opens the desk with a passkey (ADR 075)", {
  tag: "@desktop",
}, async ({ page, baseURL }) => {
  test.slow(); // a fresh member, a role change, a passkey and two sign-ins on a busy machine
  await page.addInitScript(() => {
    localStorage.setItem("e2e-init", "1");
    localStorage.setItem("vv-lang", "en");
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await addVirtualAuthenticator(page);
  await freshMember(page, baseURL ?? "", "pkstaff");
  await makeSupport(page, baseURL ?? "");

  // Signed in with a password only: staff pages ask for two factors.
  await open(page, "/support");
  await expect(page.getByText(/Sign in with two factors to open staff pages/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Support Dashboard" })).toHaveCount(0);

  // Add a passkey, sign out, and sign in with it (the authenticator verifies its user).
  await open(page, "/settings?tab=security");
  await page.getByLabel("Passkey name", { exact: true }).fill("Desk laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added")).toBeVisible();
  await page.context().clearCookies();
  await open(page, "/auth");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  // The desk: its gate opens with the passkey too, no password typed.
  await open(page, "/support");
  await expect(page.getByRole("heading", { name: "Support Dashboard" })).toBeVisible();
  await page.getByRole("button", { name: "Unlock with a passkey" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
  await expect(page.getByLabel("Member", { exact: true })).toBeVisible();
});
