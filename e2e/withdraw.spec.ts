import type { Page } from "@playwright/test";
import {
  expect,
  freshMember,
  getJson,
  hasNoHorizontalOverflow,
  memberContext,
  open,
  signIn,
  test,
} from "./fixtures";
import { fundAndVerify, STAFF, signInStaff } from "./staff";

/**
 * Withdrawals and the support desk: a member withdraws (form, fee, password, pending balance,
 * history) → a support user signs in with 2FA, unlocks the desk with their password, takes the
 * withdrawal and completes it with a transaction hash → the member sees COMPLETED live. A second
 * journey fails one with a reason and the money comes back. Each project (phone, desktop) uses
 * its own members: the daily limit of an unverified member is 100 USDT. A third journey: a
 * withdrawal above 1,000 USDT waits for a second admin (four eyes, ADR 022 and 030).
 */

const MEMBERS = {
  phone: { complete: "demo", fail: "bruno" },
  desktop: { complete: "alice", fail: "diego" },
} as const;
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const BSC = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const TRON_HASH = "a1".repeat(32);

const member = (username: string) => ({
  email: `${username}@viewvault.local`,
  password: `${username}-password-1`,
});

/** Opens /support and unlocks the desk (a wrong password first: the seed's refusal). */
async function unlockDesk(page: Page, who: keyof typeof STAFF) {
  await open(page, "/support");
  await expect(page.getByRole("heading", { name: "Support Dashboard" })).toBeVisible();
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Access Denied: Invalid password").first()).toBeVisible();
  await page.getByLabel("Password").fill(STAFF[who].password);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

/** The member's withdrawal on the desk (filtered by member). */
async function deskRow(page: Page, username: string) {
  await page.getByLabel("Member", { exact: true }).fill(username);
  const row = page
    .getByTestId("desk-request")
    .filter({ hasText: `@${username}` })
    .first();
  await expect(row).toBeVisible();
  return row;
}

/** Requests a withdrawal of 100 USDT from /withdraw (reached through the dashboard's "Sacar"). */
async function withdraw(page: Page, network: "TRC20" | "BEP20", address: string, password: string) {
  await page.getByRole("link", { name: "Withdraw", exact: true }).first().click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await expect(page.getByRole("heading", { level: 1, name: "USDT Withdrawal" })).toBeVisible();
  const form = page.getByRole("form", { name: "Request a withdrawal" });
  // The seed's checks, in its order.
  await form.getByLabel("Amount (USDT)").fill("50");
  await form.getByRole("button", { name: "Review withdrawal" }).click();
  await expect(form.getByText("Minimum withdrawal is 100.00 USDT")).toBeVisible();
  await form.getByLabel("Amount (USDT)").fill("100");
  await form.getByLabel("Network").selectOption(network);
  await form.getByLabel("Wallet address").fill(address.slice(0, 12));
  await form.getByRole("button", { name: "Review withdrawal" }).click();
  await expect(form.getByText("Please enter a valid wallet address")).toBeVisible();
  await form.getByLabel("Wallet address").fill(address);
  const fee = network === "TRC20" ? "1.00" : "2.00";
  await expect(form.getByTestId("withdraw-fee")).toHaveText(`${fee} USDT`);
  await expect(form.getByTestId("withdraw-net")).toHaveText(
    `${network === "TRC20" ? "99.00" : "98.00"} USDT`,
  );
  await form.getByRole("button", { name: "Review withdrawal" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm withdrawal" });
  await expect(dialog.getByTestId("confirm-amount")).toHaveText("100.00 USDT");
  await dialog.getByLabel("Password").fill("wrong-password-1");
  await dialog.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(dialog.getByText("Password or code is incorrect.")).toBeVisible();
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByText("Withdrawal Submitted!")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("withdraw-pending")).toHaveText("100.00 USDT");
  const row = page.getByTestId("withdrawal-row").first();
  await expect(row.getByTestId("withdrawal-status")).toHaveText("Pending");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  return row;
}

test("a member withdraws; support unlocks the desk, takes and completes it; the member sees COMPLETED live", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const username = MEMBERS[testInfo.project.name as keyof typeof MEMBERS].complete;
  const me = member(username);
  await signIn(page, me.email, me.password);
  const row = await withdraw(page, "TRC20", TRON, me.password);

  const staff = await memberContext(browser, testInfo.project.use);
  try {
    await signInStaff(staff.page, "support");
    await unlockDesk(staff.page, "support");
    const desk = await deskRow(staff.page, username);
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("Pending");
    // The payout desk sees the member's risk beside the request (ADR 071), at either width.
    await expect(desk.getByTestId("desk-risk-level")).toHaveText(/^(Low|Normal) risk · Score \d+$/);
    await expect(desk.getByTestId("desk-risk-review")).toHaveCount(0);
    await desk.getByTestId("desk-status").selectOption("PROCESSING");
    await expect(staff.page.getByText("Status Updated").first()).toBeVisible();
    await expect(desk.getByText("Taken by support")).toBeVisible();
    // One status per row: the badge says what the dropdown says, after a reload too.
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("Processing");
    await staff.page.reload();
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("Processing");
    await desk.getByTestId("desk-status").selectOption("COMPLETED");
    const complete = staff.page.getByRole("dialog", { name: "Complete withdrawal" });
    await complete.getByLabel("Transaction hash").fill(`0x${TRON_HASH}`);
    await complete.getByRole("button", { name: "Mark as completed" }).click();
    await expect(
      complete.getByText("This is not a valid TRC20 transaction hash").first(),
    ).toBeVisible();
    await complete.getByLabel("Transaction hash").fill(TRON_HASH);
    await complete.getByRole("button", { name: "Mark as completed" }).click();
    await expect(complete).toBeHidden();
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("Completed");
    expect(await hasNoHorizontalOverflow(staff.page)).toBe(true);
  } finally {
    await staff.close();
  }

  // The member's page updates without a reload: COMPLETED, the explorer link, nothing pending.
  await expect(row.getByTestId("withdrawal-status")).toHaveText("Completed", { timeout: 15_000 });
  await expect(row.getByRole("link", { name: "View transaction" })).toHaveAttribute(
    "href",
    `https://tronscan.org/#/transaction/${TRON_HASH}`,
  );
  await expect(page.getByTestId("withdraw-pending")).toHaveText("0.00 USDT");
});

test("a failed withdrawal shows its reason and the money comes back", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const username = MEMBERS[testInfo.project.name as keyof typeof MEMBERS].fail;
  const me = member(username);
  await signIn(page, me.email, me.password);
  const available = (await page.getByTestId("usdt-balance").textContent())?.trim() ?? "";
  const row = await withdraw(page, "BEP20", BSC, me.password);

  const staff = await memberContext(browser, testInfo.project.use);
  try {
    await signInStaff(staff.page, "admin");
    await unlockDesk(staff.page, "admin");
    const desk = await deskRow(staff.page, username);
    await desk.getByTestId("desk-status").selectOption("PROCESSING");
    await expect(desk.getByText("Taken by admin")).toBeVisible();
    await desk.getByRole("button", { name: "Fail withdrawal" }).click();
    const fail = staff.page.getByRole("dialog", { name: "Fail withdrawal" });
    await fail.getByLabel("Reason").fill("The address belongs to an exchange");
    await fail.getByRole("button", { name: "Fail withdrawal" }).click();
    await expect(fail).toBeHidden();
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("Failed");
  } finally {
    await staff.close();
  }

  await expect(row.getByTestId("withdrawal-status")).toHaveText("Failed", { timeout: 15_000 });
  await expect(row.getByText("Reason: The address belongs to an exchange")).toBeVisible();
  await expect(page.getByTestId("withdraw-pending")).toHaveText("0.00 USDT");
  await expect(page.getByTestId("withdraw-available")).toHaveText(`${available} USDT`);
  // The request is on the member's support page too.
  await open(page, "/support");
  await expect(page.getByTestId("my-request").first()).toContainText("Failed");
});

/**
 * In the console's payout approvals tab: "Approve for sending" (the approval comes before anyone
 * sends, ADR 062), confirming it is them if asked.
 */
async function approvePayout(page: Page, who: keyof typeof STAFF, username: string) {
  await open(page, "/admin?tab=payouts");
  await expect(page.getByText("Withdrawals awaiting the second approval")).toBeVisible();
  const item = page.locator(`li[aria-label^="@${username} "]`);
  await expect(item).toContainText("1,100.00 USDT");
  await expect(item).toContainText("Member receives 1,099.00 USDT (fee 1.00 USDT)");
  await item.getByRole("button", { name: "Approve for sending" }).click();
  const dialog = page.getByRole("dialog", { name: "Approve this withdrawal?" });
  await dialog.getByRole("button", { name: "Approve for sending" }).click();
  // The console asks for the password when the last confirmation is older than 5 minutes.
  const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
  const asked = await stepUp.waitFor({ timeout: 5_000 }).then(
    () => true,
    () => false,
  );
  if (asked) {
    await stepUp.getByRole("button", { name: "Use my password instead" }).click();
    await stepUp.getByLabel("Password").fill(STAFF[who].password);
    await stepUp.getByRole("button", { name: "Confirm" }).click();
  }
  return { item, dialog };
}

test(
  "a withdrawal above 1,000 USDT waits for a second admin's approval before anyone sends it; the member sees it COMPLETED",
  { tag: "@desktop" },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error("no baseURL");
    // Support processes it (an admin who processes one is never offered its approval:
    // staff-actions.spec.ts).
    const processor = "support";
    const me = await freshMember(page, baseURL, "fe");
    await fundAndVerify(page, baseURL, 1_250, {
      key: `fund-${me.username}`,
      reason: "Four-eyes journey",
    });

    await open(page, "/withdraw");
    await expect(page.getByTestId("withdraw-available")).toHaveText("1,150.00 USDT");
    const form = page.getByRole("form", { name: "Request a withdrawal" });
    await form.getByLabel("Amount (USDT)").fill("1100");
    await form.getByLabel("Network").selectOption("TRC20");
    await form.getByLabel("Wallet address").fill(TRON);
    await expect(form.getByTestId("withdraw-net")).toHaveText("1,099.00 USDT");
    await form.getByRole("button", { name: "Review withdrawal" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm withdrawal" });
    await expect(confirm.getByTestId("confirm-amount")).toHaveText("1,100.00 USDT");
    await confirm.getByLabel("Password").fill(me.password);
    await confirm.getByRole("button", { name: "Confirm withdrawal" }).click();
    await expect(page.getByText("Withdrawal Submitted!")).toBeVisible();
    await expect(page.getByTestId("withdraw-pending")).toHaveText("1,100.00 USDT");
    await expect(page.getByTestId("withdraw-available")).toHaveText("50.00 USDT");
    const row = page.getByTestId("withdrawal-row").first();
    await expect(row.getByTestId("withdrawal-status")).toHaveText("Pending");

    // The processor takes it: nothing may be sent or recorded yet, only an admin's approval asked.
    const staff = await memberContext(browser, testInfo.project.use);
    try {
      await signInStaff(staff.page, processor);
      await unlockDesk(staff.page, processor);
      const desk = await deskRow(staff.page, me.username);
      await desk.getByTestId("desk-status").selectOption("PROCESSING");
      await expect(desk.getByText(`Taken by ${processor}`)).toBeVisible();
      await expect(
        desk.getByTestId("desk-status").locator('option[value="COMPLETED"]'),
      ).toHaveCount(0);
      await desk.getByRole("button", { name: "Ask an admin to approve first" }).click();
      await expect(desk.getByTestId("support-withdrawal-status")).toHaveText(
        "Awaiting second approval",
      );
    } finally {
      await staff.close();
    }
    // Nothing moved (it is still in escrow), so no live update: the member reloads to see it.
    await open(page, "/withdraw");
    await expect(row.getByText("Awaiting a second approval (above 1,000.00 USDT)")).toBeVisible();
    await expect(row.getByTestId("withdrawal-status")).toHaveText("Pending");
    await expect(page.getByTestId("withdraw-pending")).toHaveText("1,100.00 USDT");

    // A different admin approves it in the console's payout approvals tab.
    const second = await memberContext(browser, testInfo.project.use);
    try {
      await signInStaff(second.page, "admin2");
      const { item } = await approvePayout(second.page, "admin2", me.username);
      await expect(second.page.getByText("Withdrawal approved: it can be sent now.")).toBeVisible();
      await expect(item).toHaveCount(0);
      expect(await hasNoHorizontalOverflow(second.page)).toBe(true);
    } finally {
      await second.close();
    }

    // Approved: the processor sends it and records the hash; it is paid.
    const sender = await memberContext(browser, testInfo.project.use);
    try {
      await signInStaff(sender.page, processor);
      await unlockDesk(sender.page, processor);
      const desk = await deskRow(sender.page, me.username);
      await desk.getByTestId("desk-status").selectOption("COMPLETED");
      const complete = sender.page.getByRole("dialog", { name: "Complete withdrawal" });
      await complete.getByLabel("Transaction hash").fill(TRON_HASH);
      await complete.getByRole("button", { name: "Mark as completed" }).click();
      await expect(complete).toBeHidden();
    } finally {
      await sender.close();
    }

    // The member's page, live: COMPLETED with the explorer link; escrow empty, nothing returned.
    await expect(row.getByTestId("withdrawal-status")).toHaveText("Completed", { timeout: 15_000 });
    await expect(row.getByRole("link", { name: "View transaction" })).toHaveAttribute(
      "href",
      `https://tronscan.org/#/transaction/${TRON_HASH}`,
    );
    await expect(page.getByTestId("withdraw-pending")).toHaveText("0.00 USDT");
    await expect(page.getByTestId("withdraw-available")).toHaveText("50.00 USDT");
    const balances = await getJson<{ usdt: string }>(page, "/api/balances");
    expect(balances.usdt).toBe(String(50_000_000));
  },
);
