import type { Browser, Page } from "@playwright/test";
import {
  clientAddress,
  expect,
  freshMember,
  hasNoHorizontalOverflow,
  open,
  test,
} from "./fixtures";
import { STAFF, staffApi } from "./staff";

/**
 * The notifications journey: a new member keeps the dashboard open → the demo admin,
 * in another browser context, grants them an event bonus → the bell's count rises without a
 * reload → the member opens the inbox from the bell, sees the bonus in their language, follows
 * its link to /events → back in the inbox, marks all read and the bell empties → a transfer from
 * demo (another browser context) raises it again. Desktop and phone (each its own fresh member).
 */

/** The demo admin, signed in (2FA) and stepped up over the API in its own browser context. */
async function adminGranting(page: Page, baseURL: string) {
  const headers = { origin: baseURL };
  const admin = await staffApi(page.context().browser() as Browser, baseURL, "admin");
  const stepUp = await admin.post("/api/admin/step-up", {
    headers,
    data: { password: STAFF.admin.password },
  });
  expect(stepUp.ok(), await stepUp.text()).toBe(true);
  const me = (await (await page.request.get("/api/me")).json()) as { profile: { id: string } };
  return {
    grant: async (usdt: number, key: string) => {
      const granted = await admin.post(`/api/admin/members/${me.profile.id}/bonuses`, {
        headers: { ...headers, "idempotency-key": `e2e-notify-${key}` },
        data: { amount: String(usdt), reason: "Notifications journey" },
      });
      expect(granted.status(), await granted.text()).toBe(201);
    },
    close: () => admin.dispose(),
  };
}

test("the bell counts a staff grant live; the inbox links and marks all read", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const base = baseURL as string;
  const member = await freshMember(page, base, `nt${testInfo.project.name.slice(0, 2)}`);
  await open(page, "/dashboard");
  const bell = page.getByTestId("notification-bell");
  await expect(bell).toHaveAccessibleName("Notifications");
  // Staff act in another browser context; the member's page is not reloaded.
  const admin = await adminGranting(page, base);
  try {
    await admin.grant(5, `${member.username}-1`);
    await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
    await admin.grant(7, `${member.username}-2`);
    await expect(bell).toHaveAccessibleName("Notifications, 2 unread");
  } finally {
    await admin.close();
  }

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  const items = page.getByTestId("notification-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("A bonus of 7.00 USDT is waiting for you");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Following a notification's link opens where it happened, and reads it.
  await items
    .first()
    .getByRole("link", { name: /You received a bonus/ })
    .click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");

  await bell.click();
  await expect(page).toHaveURL(/\/notifications$/);
  await page.getByRole("button", { name: "Mark all as read" }).click();
  await expect(bell).toHaveAccessibleName("Notifications");
  await expect(page.locator('[data-testid="notification-item"][data-unread="true"]')).toHaveCount(
    0,
  );
  await expect(page.getByRole("button", { name: "Mark all as read" })).toBeDisabled();

  // A transfer received takes the other road (its balance event, no NOTIFY): the bell rises too.
  const sender = await (page.context().browser() as Browser).newContext({
    baseURL: base,
    extraHTTPHeaders: clientAddress(),
  });
  try {
    const headers = { origin: base };
    const signedIn = await sender.request.post("/api/auth/sign-in/email", {
      headers,
      data: { email: "demo@viewvault.local", password: "demo-password-1" },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    const sent = await sender.request.post("/api/transfers", {
      headers: { ...headers, "idempotency-key": `e2e-notify-transfer-${member.username}` },
      data: { recipient: member.username, transferType: "VIEWS", amount: "100" },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  } finally {
    await sender.close();
  }
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  // The inbox reads itself again too. Not necessarily first: the transfer's notification carries
  // the database's time, the bonuses the server clock, which other journeys move forward.
  const transfer = items.filter({ hasText: "@demo sent you 100 views." });
  await expect(transfer).toHaveCount(1);
  await expect(transfer).toHaveAttribute("data-unread", "true");
});
