import {
  expect,
  expectAccessible,
  freshMember,
  hasNoHorizontalOverflow,
  open,
  test,
} from "./fixtures";

/**
 * The first run: a new member (0 views) finds on the dashboard a guide that says how to
 * start — watch, earn, and what each button costs — follows its first step to the feed, closes
 * it, and it stays closed after a reload (remembered on the server, not in the browser).
 */
test("a new member is guided from the dashboard to the feed, then closes the guide for good", async ({
  page,
  baseURL,
}) => {
  await freshMember(page, baseURL ?? "", "firstrun");
  // The dashboard as they will find it next time (without the "e-mail confirmed" toast).
  await open(page, "/dashboard");
  const guide = page.getByRole("region", { name: "Getting started" });
  await expect(guide).toBeVisible();
  await expect(guide.getByText("Mystery Box: 100 views per box")).toBeVisible();
  await expect(guide.getByText(/you earn 1 view for each, up to 200 videos a day/)).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await expectAccessible(page, "dashboard with the first-run guide");

  // Its first step: the feed.
  await guide.getByRole("link", { name: "Start watching" }).click();
  await expect(page).toHaveURL(/\/feed$/);

  // Back on the dashboard it is still there until closed.
  await page.goBack();
  await expect(guide).toBeVisible();
  await guide.getByRole("button", { name: "Got it, hide the guide" }).click();
  await expect(guide).toBeHidden();
  const me = (await (await page.request.get("/api/me")).json()) as { firstRunDismissed: boolean };
  expect(me.firstRunDismissed).toBe(true);

  // Closed for good: a reload, even with the browser's storage cleared, does not bring it back.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Views Balance" })).toBeVisible();
  await expect(guide).toBeHidden();
});
