import type { Page } from "@playwright/test";
import {
  expect,
  freshMember,
  getJson,
  hasNoHorizontalOverflow,
  memberContext,
  open,
  test,
} from "./fixtures";
import { fundAndVerify, STAFF, signInStaff } from "./staff";

/**
 * Payouts the chain confirms (ADR 058), on the local BEP20 chain that e2e/server.mjs
 * starts (anvil, a USDT-like token at 18 decimals, a hot wallet): a member withdraws; an admin
 * takes it and sends it from the hot wallet with one click; the member's page follows it live
 * from "In review" to "Completed" with the explorer link. A second withdrawal: the admin pastes
 * the first one's hash — refused with what differs (the amount), nothing changes.
 */
const BSC = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

async function withdrawApi(page: Page, baseURL: string, password: string, amount: string) {
  const res = await page.request.post("/api/withdrawals", {
    headers: { origin: baseURL, "idempotency-key": `e2e-chain-${amount}-${Date.now()}` },
    data: { password, network: "BEP20", walletAddress: BSC, amount },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function unlockDesk(page: Page) {
  await open(page, "/support");
  await expect(page.getByRole("heading", { name: "Support Dashboard" })).toBeVisible();
  await page.getByLabel("Password").fill(STAFF.admin.password);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

async function deskRow(page: Page, username: string, amount: string) {
  await page.getByLabel("Member", { exact: true }).fill(username);
  const row = page
    .getByTestId("desk-request")
    .filter({ hasText: `@${username}` })
    .filter({ hasText: `${amount} USDT ·` });
  await expect(row).toHaveCount(1);
  return row;
}

test(
  "staff sends a withdrawal from the hot wallet with one click; the member sees it confirmed; a mismatched hash is refused",
  { tag: "@desktop" },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error("no baseURL");
    const me = await freshMember(page, baseURL, "pc");
    await fundAndVerify(page, baseURL, 400, {
      key: `fund-${me.username}`,
      reason: "Chain journey",
    });
    await withdrawApi(page, baseURL, me.password, "150");

    await open(page, "/withdraw");
    const row = page.getByTestId("withdrawal-row").first();
    await expect(row.getByTestId("withdrawal-status")).toHaveText("Pending");

    const staff = await memberContext(browser, testInfo.project.use);
    let firstHash = "";
    try {
      await signInStaff(staff.page, "admin");
      await unlockDesk(staff.page);
      const checked = await getJson<{ networks: { network: string; hotWallet: unknown }[] }>(
        staff.page,
        "/api/support/desk/payout-networks",
      );
      test.skip(
        !checked.networks.find((n) => n.network === "BEP20")?.hotWallet,
        "no local BEP20 chain with a hot wallet (anvil did not start)",
      );
      const desk = await deskRow(staff.page, me.username, "150.00");
      await desk.getByTestId("desk-status").selectOption("PROCESSING");
      await expect(desk.getByText("Taken by admin")).toBeVisible();
      // The member's page follows live: in review.
      await expect(row.getByText("In review")).toBeAttached({ timeout: 15_000 });

      await expect(desk.getByTestId("hot-wallet")).toContainText("Today's cap");
      const send = desk.getByRole("button", { name: "Send from hot wallet" });
      await send.focus();
      await staff.page.keyboard.press("Enter");
      await expect(desk.getByTestId("support-withdrawal-status")).toHaveText(
        /Sent, confirming|Completed/,
      );
      expect(await hasNoHorizontalOverflow(staff.page)).toBe(true);

      // The member sees it confirmed (the job asks the chain), with the explorer link.
      await expect(row.getByTestId("withdrawal-status")).toHaveText("Completed", {
        timeout: 60_000,
      });
      const link = row.getByRole("link", { name: "View transaction" });
      const href = (await link.getAttribute("href")) ?? "";
      firstHash = href.match(/0x[0-9a-f]{64}/)?.[0] ?? "";
      expect(firstHash).not.toBe("");
      await row.getByText("Timeline").click();
      const timeline = row.getByTestId("withdrawal-timeline");
      for (const step of ["Requested", "In review", "Sent", "Confirmed"]) {
        await expect(timeline.getByText(step, { exact: true })).toBeVisible();
      }
      await expect(page.getByTestId("withdraw-pending")).toHaveText("0.00 USDT");

      // A second withdrawal: pasting the first one's hash is refused with what differs.
      await withdrawApi(page, baseURL, me.password, "120");
      await staff.page.reload();
      const second = await deskRow(staff.page, me.username, "120.00");
      await second.getByTestId("desk-status").selectOption("PROCESSING");
      await expect(second.getByText("Taken by admin")).toBeVisible();
      await second.getByTestId("desk-status").selectOption("COMPLETED");
      const complete = staff.page.getByRole("dialog", { name: "Complete withdrawal" });
      await expect(complete.getByTestId("payout-verify-hint")).toContainText("checked on BEP20");
      await complete.getByLabel("Transaction hash").fill(firstHash);
      await complete.getByRole("button", { name: "Mark as completed" }).click();
      await expect(
        complete.getByText(
          "This transaction sends 148 USDT; this withdrawal pays 118 USDT (after the fee).",
        ),
      ).toBeVisible();
      await complete.getByRole("button", { name: "Cancel" }).click();
      await expect(second.getByTestId("support-withdrawal-status")).toHaveText("Processing");
    } finally {
      await staff.close();
    }
  },
);
