import type { Page } from "@playwright/test";
import { expect, hasNoHorizontalOverflow, memberContext, signIn, test } from "./fixtures";

/**
 * The money journey: demo signs in → dashboard balances → swaps 100 views to USDT (toast, new
 * balances, "last swaps") → transfers 100 views to alice with the recipient preview → history →
 * alice, signed in elsewhere, sees her balance change live when demo sends again → activity
 * with the entries and the CSV export.
 */

const DEMO = { email: "demo@viewvault.local", password: "demo-password-1", username: "demo" };
const ALICE = { email: "alice@viewvault.local", password: "alice-password-1", username: "alice" };

/** "2,500" → 2500; "750.00" → 75000 (cents). */
const toViews = (text: string) => Number(text.replace(/,/g, ""));
const toCents = (text: string) => Math.round(Number(text.replace(/,/g, "")) * 100);
const views = (n: number) => n.toLocaleString("en-US");
const usdt = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function dashboardBalances(page: Page) {
  const viewsCard = page.getByRole("region", { name: "Views Balance" });
  const walletCard = page.getByRole("region", { name: "USDT Wallet" });
  await expect(viewsCard.getByTestId("views-balance")).toBeVisible();
  return {
    viewsCard,
    walletCard,
    views: toViews((await viewsCard.getByTestId("views-balance").textContent()) ?? ""),
    cents: toCents((await walletCard.getByTestId("usdt-balance").textContent()) ?? ""),
  };
}

async function sendViews(page: Page, to: string, amount: string) {
  const form = page.getByRole("form", { name: "Send a transfer" });
  await form.getByLabel("Currency").selectOption("VIEWS");
  await form.getByLabel("Recipient (username or ID)").fill(to);
  // Who it is, before anything is sent.
  await expect(form.getByText("Recipient found")).toBeVisible();
  await expect(form.getByText(`@${to}`)).toBeVisible();
  await form.getByLabel("Amount").fill(amount);
  await form.getByRole("button", { name: "Review transfer" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm transfer" });
  await expect(dialog.getByText(`@${to}`)).toBeVisible();
  await expect(dialog.getByTestId("confirm-amount")).toHaveText(`${amount} views`);
  // The previous transfer's toast has gone, so the one below is this transfer's.
  const done = page.getByText("Transfer Completed!");
  await expect(done).toHaveCount(0);
  await dialog.getByRole("button", { name: "Confirm and send" }).click();
  await expect(done).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("swap → transfer with preview → live balance elsewhere → activity and CSV", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);

  // 1. Dashboard balances.
  await signIn(page, DEMO.email, DEMO.password);
  const start = await dashboardBalances(page);
  expect(start.views).toBeGreaterThanOrEqual(300);
  await expect(page.getByText("100 views = 10 USDT automatic conversion")).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // 2. Swap 100 views → 10 USDT.
  await start.viewsCard.getByRole("link", { name: "Swap" }).click();
  await expect(page).toHaveURL(/\/swap$/);
  await expect(page.getByRole("heading", { level: 1, name: "Swap Center" })).toBeVisible();
  await page.getByLabel("Views to convert").fill("100");
  await expect(page.getByTestId("swap-receive")).toHaveText("10.00 USDT");
  await page.getByRole("button", { name: "Swap now" }).click();
  await expect(page.getByText("Swap Completed!")).toBeVisible();
  await expect(page.getByTestId("balance-views")).toHaveText(views(start.views - 100));
  await expect(page.getByTestId("balance-usdt")).toHaveText(usdt(start.cents + 1000));
  const lastSwaps = page.getByRole("list", { name: "Last swaps" });
  await expect(lastSwaps.getByRole("listitem").first()).toContainText("+10.00 USDT");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // 3. Transfer 100 views to alice, with the preview and the confirmation.
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await page.getByRole("main").getByRole("link", { name: "Transfer", exact: true }).click();
  await expect(page).toHaveURL(/\/transfer$/);
  await sendViews(page, ALICE.username, "100");
  await expect(page.getByTestId("balance-views")).toHaveText(views(start.views - 200));
  const history = page.getByRole("list", { name: "Transfer history" });
  await expect(history.getByRole("listitem").first()).toContainText("Sent to");
  await expect(history.getByRole("listitem").first()).toContainText("@alice");
  await expect(history.getByRole("listitem").first()).toContainText("−100 views");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // 4. alice, in another browser, watches her dashboard; demo sends again; no reload there.
  const second = await memberContext(browser, { baseURL });
  const alice = second.page;
  await signIn(alice, ALICE.email, ALICE.password);
  const aliceStart = await dashboardBalances(alice);
  await alice.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  await sendViews(page, ALICE.username, "100");
  await expect(aliceStart.viewsCard.getByTestId("views-balance")).toHaveText(
    views(aliceStart.views + 100),
    { timeout: 15_000 },
  );
  expect(await alice.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  await second.close();

  // 5. Activity from the account menu: the entries and the CSV export.
  await page.getByRole("button", { name: `Account menu of ${DEMO.username}` }).click();
  await page.getByRole("menuitem", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\/activity$/);
  const entries = page.getByRole("list", { name: "Activity entries" });
  await expect(entries.getByText("Transfer to @alice").first()).toBeVisible();
  await expect(entries.getByText("Swap · Views → USDT").first()).toBeVisible();
  const csv = page.getByRole("link", { name: "Export CSV" });
  await expect(csv).toHaveAttribute("href", "/api/activity.csv");
  await page.getByLabel("Type").selectOption("transfer");
  await expect(csv).toHaveAttribute("href", "/api/activity.csv?kind=transfer");
  await expect(entries.getByText("Swap · Views → USDT")).toHaveCount(0);
  const download = await page.request.get("/api/activity.csv?kind=transfer");
  expect(download.ok()).toBe(true);
  const text = await download.text();
  expect(text.split("\n")[0]).toBe(
    "date,kind,currency,amount,balance_after,counterparty,transaction_id,balance,clears_at",
  );
  // Amounts stay numbers (a negative amount is not a formula; text cells that would be are
  // neutralised with a leading apostrophe).
  expect(text).toContain(",transfer,VIEWS,-100,");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
