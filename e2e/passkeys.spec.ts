import type { Page } from "@playwright/test";
import { expect, freshMember, open, test } from "./fixtures";

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
  },
} as const;

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
