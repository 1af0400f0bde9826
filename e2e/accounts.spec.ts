import type { Page } from "@playwright/test";
import { expect, hasNoHorizontalOverflow, submitSignIn as signIn, test } from "./fixtures";
import { totp } from "./totp";

/**
 * The account journey: invite link → sign-up → confirmation e-mail (development mailbox) →
 * settings (username, payout wallet, 2FA) → sign-in with 2FA → forgot password → reset link →
 * sign-in with the new password.
 */

const TRON_ADDRESS = "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL";

/** A TOTP code different from the last one used (a code is accepted once per 30 s window). */
async function nextTotp(secret: string, used: Set<string>): Promise<string> {
  for (;;) {
    const left = 30_000 - (Date.now() % 30_000);
    const code = totp(secret);
    if (!used.has(code) && left > 4_000) {
      used.add(code);
      return code;
    }
    await new Promise((resolve) => setTimeout(resolve, left + 250));
  }
}

/** Opens the newest development-mailbox message to `email` whose subject matches, then the link. */
async function followMailLink(page: Page, email: string, subject: RegExp, link: RegExp) {
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { level: 1, name: "Development mailbox" })).toBeVisible();
  const message = page
    .getByRole("list", { name: "Messages" })
    .getByRole("button")
    .filter({ hasText: email })
    .filter({ hasText: subject })
    .first();
  await expect(message).toBeVisible({ timeout: 15_000 });
  await message.click();
  await page.getByRole("link", { name: link }).first().click();
}

async function signOut(page: Page, username: string) {
  await page.getByRole("button", { name: `Account menu of ${username}` }).click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
}

test("invite → sign up → confirm → settings → 2FA → sign in → reset password", async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const email = `e2e-${stamp}@example.com`;
  const firstName = `e2e_${stamp}`;
  const username = `${firstName}_2`;
  const password = `Vv-first-${stamp}`;
  const newPassword = `Vv-second-${stamp}`;
  const usedCodes = new Set<string>();

  // The invite page of the demo member leads to Sign Up with the invitation banner.
  await page.goto("/@demo");
  await expect(page.getByRole("heading", { level: 1, name: "@demo invited you" })).toBeVisible();
  await expect(page.getByText(/free USDT/)).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.getByRole("link", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/auth\?ref=demo$/);
  await expect(page.getByText("You have been invited!")).toBeVisible();
  await expect(page.getByRole("note")).toContainText("@demo");

  // Sign up: the button waits for the terms.
  await page.getByLabel("Username").fill(firstName);
  await expect(page.getByText("Username available")).toBeVisible();
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  const create = page.getByRole("button", { name: "Create Account" });
  await expect(create).toBeDisabled();
  await page.getByRole("checkbox", { name: /I accept the Terms of Use/ }).check();
  await create.click();
  await expect(page.getByText("Check your email to confirm your account!")).toBeVisible();

  // Signing in before confirming says so.
  await signIn(page, email, password);
  await expect(page.getByRole("alert")).toContainText("not confirmed yet");
  await expect(page.getByRole("button", { name: "Resend confirmation e-mail" })).toBeVisible();

  // The confirmation link signs the member in and lands on the dashboard.
  await followMailLink(page, email, /Confirm your ViewVault account/, /verify-email/);
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${firstName}!` })).toBeVisible();
  await expect(page.getByLabel("Your referral link")).toHaveText(new RegExp(`/@${firstName}$`));

  // Settings → Profile: a new username.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  // All four tabs are in sight, on a phone too.
  for (const name of ["Profile", "Wallet", "Security", "Notifications"]) {
    await expect(page.getByRole("tab", { name })).toBeInViewport({ ratio: 1 });
  }
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.getByLabel("Username").fill(username);
  await expect(page.getByText("Username available")).toBeVisible();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Profile Updated")).toBeVisible();
  await expect(page.getByLabel("Your referral link")).toHaveValue(new RegExp(`/@${username}$`));

  // Settings → Wallet: a TRC20 address, confirmed with the password.
  await page.getByRole("tab", { name: "Wallet" }).click();
  await expect(page).toHaveURL(/tab=wallet/);
  await page.getByLabel("Network").selectOption("TRC20");
  await page.getByLabel("Wallet address").fill(TRON_ADDRESS);
  await page.getByRole("button", { name: "Save wallet" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm and save" }).click();
  await expect(page.getByText("Wallet saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(TRON_ADDRESS).first()).toBeVisible();

  // Settings → Security: turn on 2FA with a code computed from the shown key.
  await page.getByRole("tab", { name: "Security" }).click();
  await expect(page.getByText("This device")).toBeVisible();
  await page.getByRole("button", { name: "Enable two-factor authentication" }).click();
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(
    10,
  );
  await page.getByLabel("6-digit code").fill(await nextTotp(secret, usedCodes));
  await page.getByRole("button", { name: "Verify and enable" }).click();
  await expect(page.getByText("Two-factor authentication is on")).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Sign out, sign in again: the code is asked for.
  await signOut(page, username);
  await signIn(page, email, password);
  await page.getByLabel("Authentication code").fill(await nextTotp(secret, usedCodes));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${username}!` })).toBeVisible();
  await signOut(page, username);

  // Forgot password: neutral message, then the e-mailed link.
  await page.goto("/auth");
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(page.getByRole("alert")).toContainText("Please enter your email first");
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Forgot Password?" }).click();
  await expect(
    page.getByText(
      "If an account with that email exists, you will receive a password reset email.",
    ),
  ).toBeVisible();
  await followMailLink(page, email, /Reset your ViewVault password/, /reset-password/);
  await expect(page).toHaveURL(/\/auth\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The old password no longer works; the new one does (with 2FA).
  await signIn(page, email, password);
  await expect(page.getByRole("alert")).toContainText("Invalid email or password");
  await signIn(page, email, newPassword);
  await page.getByLabel("Authentication code").fill(await nextTotp(secret, usedCodes));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: `Hello, ${username}!` })).toBeVisible();
});

test("a signed-out visitor is sent to sign in first", async ({ page }) => {
  await page.goto("/settings?tab=wallet");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fsettings%3Ftab%3Dwallet$/);
  await expect(page.getByRole("tab", { name: "Sign In" })).toBeVisible();
});
