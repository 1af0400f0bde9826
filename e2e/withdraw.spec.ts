import type { Page } from "@playwright/test";
import { expect, hasNoHorizontalOverflow, memberContext, open, signIn, test } from "./fixtures";
import { STAFF, signInStaff } from "./staff";

/**
 * Withdrawals and the support desk: a member withdraws (form, fee, password, pending balance,
 * history) → a support user signs in with 2FA, unlocks the desk with their password, takes the
 * withdrawal and completes it with a transaction hash → the member sees COMPLETED live. A second
 * journey fails one with a reason and the money comes back. Each project (phone, desktop) uses
 * its own members: the daily limit of an unverified member is 100 USDT.
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
  await expect(form.getByText("Minimum withdrawal is $100 USDT")).toBeVisible();
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
    await desk.getByTestId("desk-status").selectOption("PROCESSING");
    await expect(staff.page.getByText("Status Updated").first()).toBeVisible();
    await expect(desk.getByText("Taken by support")).toBeVisible();
    await desk.getByTestId("desk-status").selectOption("COMPLETED");
    const complete = staff.page.getByRole("dialog", { name: "Complete withdrawal" });
    await complete.getByLabel("Transaction hash").fill(`0x${TRON_HASH}`);
    await complete.getByRole("button", { name: "Mark as COMPLETED" }).click();
    await expect(
      complete.getByText("This is not a valid TRC20 transaction hash").first(),
    ).toBeVisible();
    await complete.getByLabel("Transaction hash").fill(TRON_HASH);
    await complete.getByRole("button", { name: "Mark as COMPLETED" }).click();
    await expect(complete).toBeHidden();
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("COMPLETED");
    expect(await hasNoHorizontalOverflow(staff.page)).toBe(true);
  } finally {
    await staff.close();
  }

  // The member's page updates without a reload: COMPLETED, the explorer link, nothing pending.
  await expect(row.getByTestId("withdrawal-status")).toHaveText("COMPLETED", { timeout: 15_000 });
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
    await expect(desk.getByTestId("support-withdrawal-status")).toHaveText("FAILED");
  } finally {
    await staff.close();
  }

  await expect(row.getByTestId("withdrawal-status")).toHaveText("FAILED", { timeout: 15_000 });
  await expect(row.getByText("Reason: The address belongs to an exchange")).toBeVisible();
  await expect(page.getByTestId("withdraw-pending")).toHaveText("0.00 USDT");
  await expect(page.getByTestId("withdraw-available")).toHaveText(`${available} USDT`);
  // The request is on the member's support page too.
  await open(page, "/support");
  await expect(page.getByTestId("my-request").first()).toContainText("FAILED");
});
