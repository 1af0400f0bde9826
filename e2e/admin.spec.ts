import type { Browser, Page } from "@playwright/test";
import {
  clientAddress,
  expect,
  hasNoHorizontalOverflow,
  memberContext,
  signIn,
  test,
} from "./fixtures";
import { STAFF, signInStaff } from "./staff";

/**
 * The admin console journey: the demo admin signs in with 2FA, finds a member, suspends them
 * with a reason (their open tab is signed out), reinstates them, approves a held referral after
 * confirming with the password (step-up), and reads the actions in the audit log — then the
 * console in Portuguese.
 */

/** Opens the account menu once its code has replaced the first paint's placeholder button. */
async function openAccountMenu(page: Page, username: string): Promise<void> {
  const button = page.getByRole("button", { name: `Account menu of ${username}` });
  await expect(button).toHaveAttribute("aria-haspopup", "menu");
  await button.click();
}

/** A sign-up invited by bruno from bruno's own address: its referral is held for review. */
async function heldReferralFor(browser: Browser, baseURL: string): Promise<string> {
  const address = clientAddress();
  const bruno = await memberContext(browser, { baseURL });
  await bruno.page.context().setExtraHTTPHeaders(address);
  await signIn(bruno.page, "bruno@viewvault.local", "bruno-password-1");
  await bruno.close();

  const stamp = Date.now().toString(36);
  const username = `held_${stamp}`;
  const email = `${username}@example.com`;
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: address });
  const signUp = await context.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: {
      name: username,
      username,
      email,
      password: `Vv-held-${stamp}`,
      referralId: "bruno",
      callbackURL: "/dashboard?verified=1",
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const mailbox = await (await context.request.get("/api/dev/mailbox")).json();
  const message = mailbox.messages.find((m: { to: string }) => m.to === email);
  const link = /https?:\/\/[^\s<>"]+verify-email[^\s<>")]+/.exec(message.text)?.[0] ?? "";
  expect(link).not.toBe("");
  const url = new URL(link);
  await context.request.get(`${url.pathname}${url.search}`, { maxRedirects: 0 });
  await context.close();
  return username;
}

test("admin: find, suspend and reinstate a member, approve a held referral, read the audit log", {
  tag: "@desktop",
}, async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  if (!baseURL) throw new Error("no baseURL");
  // Reasons unique to this run (the other project's run shares the server's audit log).
  const run = `${test.info().project.name} ${Date.now().toString(36)}`;
  const referee = await heldReferralFor(browser, baseURL);
  const second = await heldReferralFor(browser, baseURL);

  // The member whose tab is open while they are suspended.
  const carla = await memberContext(browser, { baseURL });
  await signIn(carla.page, "carla@viewvault.local", "carla-password-1");

  await signInStaff(page, "admin");
  await page.goto("/dashboard");
  await openAccountMenu(page, "admin");
  await page.getByRole("menuitem", { name: "Admin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin console" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Platform totals" })).toBeVisible();
  await page.getByRole("button", { name: "Run the check" }).click();
  await expect(page.getByText("Ledger OK")).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Members: search, open, suspend with a reason.
  await page.getByRole("tab", { name: "Members" }).click();
  await page.getByLabel("Find a member").fill("carl");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Open carla" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Member @carla" })).toBeVisible();
  await page.getByRole("button", { name: "Suspend", exact: true }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByText("Please give the reason")).toBeVisible();
  await dialog.getByLabel("Reason").fill(`E2E ${run}: suspicious activity`);
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByText("@carla is suspended.")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Carla's open tab is signed out.
  await carla.page.goto("/dashboard");
  await expect(carla.page).toHaveURL(/\/auth/);
  await carla.close();

  await page.getByRole("button", { name: "Reinstate" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill(`E2E ${run}: appeal accepted`);
  await dialog.getByRole("button", { name: "Reinstate" }).click();
  await expect(page.getByText("@carla is reinstated.")).toBeVisible();
  await expect(page.getByText(`E2E ${run}: appeal accepted`)).toBeVisible();

  // Held referrals: approve, confirming with the password (step-up).
  await page.goto("/admin?tab=referrals");
  const item = page.getByRole("listitem", { name: `@${referee}` });
  await expect(item.getByText(/same network/)).toBeVisible();
  await item.getByRole("button", { name: "Approve and pay" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill(`E2E ${run}: siblings on one router`);
  await dialog.getByRole("button", { name: "Approve and pay" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  await stepUp.getByRole("button", { name: "Use my password instead" }).click();
  await stepUp.getByLabel("Password").fill(STAFF.admin.password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Referral approved and paid.")).toBeVisible();
  await expect(item).toBeHidden();
  await expect(page.getByText("Referral approved and paid.")).toHaveCount(0, { timeout: 15_000 });

  // A money button: double-clicked (the step-up is still fresh), it approves and pays once.
  let approvals = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && /\/approve$/.test(new URL(request.url()).pathname))
      approvals++;
  });
  const other = page.getByRole("listitem", { name: `@${second}` });
  await other.getByRole("button", { name: "Approve and pay" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").fill(`E2E ${run}: double click`);
  await dialog.getByRole("button", { name: "Approve and pay" }).dblclick();
  await expect(page.getByText("Referral approved and paid.")).toBeVisible();
  await expect(other).toBeHidden();
  expect(approvals).toBe(1);

  // The audit log lists the three actions (filtered: every journey of the run writes to it).
  await page.getByRole("tab", { name: "Audit log" }).click();
  const log = page.getByRole("tabpanel");
  await page.getByLabel("Target (username or id)").fill("carla");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(log.getByText(`E2E ${run}: appeal accepted`)).toBeVisible();
  await expect(log.getByText(`E2E ${run}: suspicious activity`).first()).toBeVisible();
  await page.getByLabel("Target (username or id)").fill("");
  await page.getByLabel("Action").selectOption("referral.approve");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(log.getByText(`E2E ${run}: appeal accepted`)).toBeHidden();
  await expect(log.getByText(`E2E ${run}: siblings on one router`)).toBeVisible();

  // The console in Portuguese.
  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Console de administração" }),
  ).toBeVisible();
  await expect(page.getByRole("tab", { name: "Registro de auditoria" })).toBeVisible();
  await page.getByRole("button", { name: "Mudar para inglês" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin console" })).toBeVisible();
});

test("members do not reach the admin console", async ({ page }) => {
  await signIn(page, "emma@viewvault.local", "emma-password-1");
  await openAccountMenu(page, "emma");
  await expect(page.getByRole("menuitem", { name: "Settings" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Admin" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("admin: the queue counts, payout approvals, and an event bonus the member's open dashboard shows", {
  tag: "@desktop",
}, async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  if (!baseURL) throw new Error("no baseURL");
  const run = `${test.info().project.name} ${Date.now().toString(36)}`;
  const emma = await memberContext(browser, { baseURL });
  await signIn(emma.page, "emma@viewvault.local", "emma-password-1");
  await emma.page.goto("/dashboard");

  await signInStaff(page, "admin");
  await page.goto("/admin");
  const counts = page.getByRole("list").filter({ hasText: "Online now" });
  await expect(counts.getByRole("link", { name: /Awaiting second approval/ })).toHaveAttribute(
    "href",
    "/admin?tab=payouts",
  );
  await expect(counts.getByRole("link", { name: /Open support requests/ })).toHaveAttribute(
    "href",
    "/support",
  );
  await counts.getByRole("link", { name: /Awaiting second approval/ }).click();
  await expect(page.getByText("Withdrawals awaiting the second approval")).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // The member page: grant an event bonus, confirming with the password (step-up).
  await page.getByRole("tab", { name: "Members" }).click();
  await page.getByLabel("Find a member").fill("emma");
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("link", { name: "Open emma" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Member @emma" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Withdrawals" })).toBeVisible();
  await page.getByRole("button", { name: "Grant event bonus" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Amount (USDT)").fill("3");
  await dialog.getByLabel("Reason").fill(`E2E ${run}`);
  await dialog.getByRole("button", { name: "Grant bonus" }).click();
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  await stepUp.getByRole("button", { name: "Use my password instead" }).click();
  await stepUp.getByLabel("Password").fill(STAFF.admin.password);
  await stepUp.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText(/Event bonus of .*3\.00.* granted to @emma\./)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // Emma's open dashboard shows it live.
  await expect(
    emma.page.getByTestId("event-bonus-card").getByText(`3.00 USDT: E2E ${run}`),
  ).toBeVisible();
  await emma.close();
});
