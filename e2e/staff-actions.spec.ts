import type { Locator, Page } from "@playwright/test";
import {
  expect,
  freshMember,
  hasNoHorizontalOverflow,
  memberContext,
  open,
  test,
} from "./fixtures";
import { fundAndVerify, STAFF, signInStaff } from "./staff";

/**
 * The support desk offers a staff member only what they may do in a withdrawal's
 * state, and every action offered is then accepted. Support and an admin sign in in turn and
 * walk every withdrawal of a fresh member — one waiting (nobody took it), one above 1,000 USDT
 * that support sends for the second approval: each offered action is used, none is refused.
 * Then the admin reads the audit log at phone width, in words.
 */

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_HASH = "b2".repeat(32);

async function withdraw(page: Page, baseURL: string, password: string, amount: string) {
  const res = await page.request.post("/api/withdrawals", {
    headers: { origin: baseURL, "idempotency-key": `e2e-staff-w-${amount}-${Date.now()}` },
    data: { password, network: "TRC20", walletAddress: TRON, amount },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function unlockDesk(page: Page, who: keyof typeof STAFF) {
  await open(page, "/support");
  await expect(page.getByRole("heading", { name: "Support Dashboard" })).toBeVisible();
  await page.getByLabel("Password").fill(STAFF[who].password);
  await page.getByRole("button", { name: "Unlock" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

/** The member's withdrawal of `amount` on the desk. */
async function deskRow(page: Page, username: string, amount: string): Promise<Locator> {
  await page.getByLabel("Member", { exact: true }).fill(username);
  const exact = new RegExp(`(?<![\\d,])${amount.replace(/[.,]/g, "\\$&")} USDT ·`);
  const row = page.getByTestId("desk-request").filter({ hasText: exact });
  await expect(row).toHaveCount(1);
  return row;
}

/** The values the row's status dropdown offers (none when it shows no dropdown). */
async function offeredStatuses(row: Locator): Promise<string[]> {
  const select = row.getByTestId("desk-status");
  if ((await select.count()) === 0) return [];
  return select
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
}

/** No refusal reached the screen: no error toast, no form error. */
async function expectNothingRefused(page: Page) {
  await expect(page.locator("[data-sonner-toast][data-type='error']")).toHaveCount(0);
  await expect(
    page.getByRole("alert").filter({ hasText: /refused|only|before|Processing/ }),
  ).toHaveCount(0);
}

test(
  "support and an admin are offered only what they may do, and nothing offered is refused",
  { tag: "@desktop" },
  async ({ page: memberPage, browser, baseURL }, testInfo) => {
    test.setTimeout(300_000);
    if (!baseURL) throw new Error("no baseURL");
    const me = await freshMember(memberPage, baseURL, "sa");
    await fundAndVerify(memberPage, baseURL, 1_300, {
      key: `staff-actions-${me.username}`,
      reason: "Staff actions journey",
    });
    await withdraw(memberPage, baseURL, me.password, "100");
    await withdraw(memberPage, baseURL, me.password, "1100");

    // Support.
    const support = await memberContext(browser, testInfo.project.use);
    try {
      await signInStaff(support.page, "support");
      await unlockDesk(support.page, "support");
      const small = await deskRow(support.page, me.username, "100.00");
      // Waiting, nobody took it: take it or fail it — "complete" is not offered before taking.
      expect(await offeredStatuses(small)).toEqual(["PENDING", "PROCESSING"]);
      await expect(small.getByRole("button", { name: "Give second approval" })).toHaveCount(0);
      // Failing it straight away is accepted: the amount returns from escrow.
      await small.getByRole("button", { name: "Fail withdrawal" }).click();
      const fail = support.page.getByRole("dialog", { name: "Fail withdrawal" });
      await fail.getByLabel("Reason").fill("Wrong network for this exchange");
      await fail.getByRole("button", { name: "Fail withdrawal" }).click();
      await expect(fail).toBeHidden();
      await expect(support.page.getByText("Status Updated")).toBeVisible();
      await expect(small.getByTestId("support-withdrawal-status")).toHaveText("Failed");
      await expect(small.getByText("Completed")).toHaveCount(0);
      expect(await offeredStatuses(small)).toEqual([]);
      await expect(small.getByRole("button")).toHaveCount(1); // only "Open conversation"
      await expectNothingRefused(support.page);

      // Above 1,000 USDT: take it; nothing may be sent or recorded before an admin's approval
      // (ADR 062): only "ask an admin to approve first" is offered.
      const large = await deskRow(support.page, me.username, "1,100.00");
      await large.getByTestId("desk-status").selectOption("PROCESSING");
      await expect(large.getByText("Taken by support")).toBeVisible();
      expect(await offeredStatuses(large)).toEqual(["PENDING", "PROCESSING"]);
      await large.getByRole("button", { name: "Ask an admin to approve first" }).click();
      await expect(large.getByTestId("support-withdrawal-status")).toHaveText(
        "Awaiting second approval",
      );
      // Support cannot give the second approval: it is not offered.
      await expect(large.getByRole("button", { name: "Give second approval" })).toHaveCount(0);
      expect(await offeredStatuses(large)).toEqual([]);
      await expectNothingRefused(support.page);
    } finally {
      await support.close();
    }

    // The admin, in a context of their own.
    const admin = await memberContext(browser, testInfo.project.use);
    try {
      const page = admin.page;
      await signInStaff(page, "admin");
      await unlockDesk(page, "admin");
      const large = await deskRow(page, me.username, "1,100.00");
      await large.getByRole("button", { name: "Give second approval" }).click();
      const approve = page.getByRole("dialog", { name: "Give second approval" });
      // Nothing was sent yet: no hash is shown or asked for.
      await expect(approve.getByText(TRON_HASH)).toHaveCount(0);
      await expect(approve.getByRole("textbox")).toHaveCount(0);
      await approve.getByRole("button", { name: "Give second approval" }).click();
      await expect(approve).toBeHidden();
      await expect(large.getByRole("button", { name: "Give second approval" })).toHaveCount(0);

      // Approved: support sends it and records the hash; it is paid.
      const sender = await memberContext(browser, testInfo.project.use);
      try {
        await signInStaff(sender.page, "support");
        await unlockDesk(sender.page, "support");
        const sent = await deskRow(sender.page, me.username, "1,100.00");
        await sent.getByTestId("desk-status").selectOption("COMPLETED");
        const complete = sender.page.getByRole("dialog", { name: "Complete withdrawal" });
        await complete.getByLabel("Transaction hash").fill(TRON_HASH);
        await complete.getByRole("button", { name: "Mark as completed" }).click();
        await expect(complete).toBeHidden();
        await expect(sent.getByTestId("support-withdrawal-status")).toHaveText("Completed");
        await expect(sent.getByRole("link", { name: /Transaction/ })).toBeVisible();
        await expectNothingRefused(sender.page);
      } finally {
        await sender.close();
      }
      // The member is told the truth (ADR 073): sent by support, recorded — never "Confirmed".
      await open(memberPage, "/withdraw");
      const history = memberPage.getByTestId("withdrawal-timeline").first();
      await memberPage.getByText("Timeline").first().click();
      await expect(
        history.getByText("Sent by support (transaction recorded, not verified on chain)"),
      ).toBeVisible();
      await expect(history.getByRole("link", { name: "View the transaction" })).toBeVisible();
      await expect(history).not.toContainText("Confirmed");
      expect(await hasNoHorizontalOverflow(memberPage)).toBe(true);
      await open(memberPage, "/notifications");
      await expect(memberPage.getByText("Your payout was sent by support")).toBeVisible();
      await expect(memberPage.getByText("Your payout is confirmed")).toHaveCount(0);

      const small = await deskRow(page, me.username, "100.00");
      // A failed withdrawal: one status, no transaction, nothing to do.
      await expect(small.getByTestId("support-withdrawal-status")).toHaveText("Failed");
      await expect(small.getByText(/Transaction/)).toHaveCount(0);
      expect(await offeredStatuses(small)).toEqual([]);
      await expectNothingRefused(page);

      // The audit log, in words, fits a phone.
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, `/admin?tab=audit&target=${me.username}`);
      const log = page.getByRole("tabpanel");
      const actions = log.getByTestId("audit-action");
      await expect(actions.filter({ hasText: "Gave a withdrawal's second approval" })).toHaveCount(
        1,
      );
      await expect(actions.filter({ hasText: "Failed a withdrawal" })).toHaveCount(1);
      await expect(actions.filter({ hasText: "Granted an event bonus" })).toHaveCount(1);
      const list = log.locator("ol");
      await expect(list.getByText("Amount: 1,300.00 USDT")).toBeVisible();
      await expect(list.getByText("Staff actions journey")).toBeVisible();
      await expect(list.getByText("Wrong network for this exchange").first()).toBeVisible();
      await expect(list).not.toContainText("withdrawal.");
      await expect(list).not.toContainText("1100000000");
      await expect(list).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
      await expect(log.getByLabel("Action")).toBeVisible();
      await expect(log.getByRole("button", { name: "Filter" })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
    } finally {
      await admin.close();
    }
  },
);

test(
  "the admin who processed a withdrawal is never offered its approval in the console",
  { tag: "@desktop" },
  async ({ page: memberPage, browser, baseURL }, testInfo) => {
    test.setTimeout(240_000);
    if (!baseURL) throw new Error("no baseURL");
    const me = await freshMember(memberPage, baseURL, "ap");
    await fundAndVerify(memberPage, baseURL, 1_300, {
      key: `approval-offer-${me.username}`,
      reason: "Approval offer journey",
    });
    await withdraw(memberPage, baseURL, me.password, "1150");
    const admin = await memberContext(browser, testInfo.project.use);
    try {
      const page = admin.page;
      await signInStaff(page, "admin");
      await unlockDesk(page, "admin");
      const row = await deskRow(page, me.username, "1,150.00");
      await row.getByTestId("desk-status").selectOption("PROCESSING");
      await row.getByRole("button", { name: "Ask an admin to approve first" }).click();
      await expect(row.getByTestId("support-withdrawal-status")).toHaveText(
        "Awaiting second approval",
      );
      await open(page, "/admin?tab=payouts");
      const item = page.getByRole("listitem", { name: new RegExp(`@${me.username}`) });
      await expect(
        item.getByText(
          "You processed this withdrawal: the second approval comes from another admin.",
        ),
      ).toBeVisible();
      await expect(item.getByRole("button", { name: /Approve/ })).toHaveCount(0);
      await expect(item.getByRole("button", { name: "Reject" })).toBeVisible();
      expect(await hasNoHorizontalOverflow(page)).toBe(true);
    } finally {
      await admin.close();
    }
  },
);
