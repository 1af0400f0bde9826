import { expect, getJson, hasNoHorizontalOverflow, open, signIn, test } from "./fixtures";

/**
 * "referrals in full": the demo member (who invited three demo members) sees every
 * referral on /referrals, not only the latest three, and shares the invite link — the system
 * share sheet where the browser has the Web Share API, the link copied otherwise — in both
 * languages.
 */
test("the referrals page lists every referral and shares the invite link", async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: baseURL as string,
  });
  await signIn(page, "demo@viewvault.local", "demo-password-1");
  const all = await getJson<{
    referrals: { referred: { username: string } }[];
    nextCursor: string | null;
  }>(page, "/api/referrals?limit=50");
  expect(all.referrals.length).toBeGreaterThan(0);

  await open(page, "/referrals");
  const list = page.getByRole("list", { name: "All your referrals" });
  await expect(list.getByTestId("referral-row")).toHaveCount(Math.min(all.referrals.length, 20));
  for (const r of all.referrals.slice(0, 20)) {
    await expect(list).toContainText(`@${r.referred.username}`);
  }
  if (all.referrals.length <= 20) {
    await expect(
      page.getByText(
        `That is all: ${all.referrals.length} referral${all.referrals.length === 1 ? "" : "s"}.`,
      ),
    ).toBeVisible();
  }
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Desktop Chromium on Linux has no Web Share API: Share copies the link.
  const link = await page.getByLabel("Your referral link").inputValue();
  expect(link).toMatch(/\/@demo$/);
  const hasShare = await page.evaluate(() => typeof navigator.share === "function");
  if (!hasShare) {
    await page.getByRole("button", { name: "Share", exact: true }).click();
    await expect(page.getByText("Link Copied!").first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  }
  // Where the browser shares, the sheet gets the link (stubbed: a real sheet would wait).
  await page.evaluate(() => {
    (window as unknown as { __shared: unknown[] }).__shared = [];
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: async (data: unknown) => {
        (window as unknown as { __shared: unknown[] }).__shared.push(data);
      },
    });
    Object.defineProperty(navigator, "canShare", { configurable: true, value: () => true });
  });
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const shared = await page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared);
  expect(shared).toEqual([
    {
      title: "Join me on ViewVault",
      text: "Watch videos and earn views on ViewVault — sign up with my link:",
      url: link,
    },
  ]);
  await expect(page.getByRole("link", { name: "WhatsApp" })).toHaveAttribute(
    "href",
    `https://wa.me/?text=${encodeURIComponent(`Watch videos and earn views on ViewVault — sign up with my link: ${link}`)}`,
  );

  // In Portuguese.
  await page
    .getByRole("button", { name: /Switch to Brazilian Portuguese/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await expect(page.getByRole("list", { name: "Todas as suas indicações" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Compartilhar", exact: true })).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
