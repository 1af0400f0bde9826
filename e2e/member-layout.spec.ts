import type { Locator, Page } from "@playwright/test";
import { expect, hasNoHorizontalOverflow, open, signIn, test } from "./fixtures";

/**
 * What a member met at phone width, in both languages: the dashboard's referral
 * link whole (not cut to "http://localhost:") with its copy button, Request Views opening its
 * dialog on the dashboard where it was clicked, and the marketplace's three tabs whole in
 * Portuguese ("Minhas ofertas e negociações"). Run on the phone project (390 px); on the desktop
 * project it checks the same things at 1280 px.
 */

const MEMBER = {
  email: "felipe@viewvault.local",
  password: "felipe-password-1",
  username: "felipe",
};

/** The element shows all of its content: nothing cut off or hidden by overflow. */
async function showsAll(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      element.scrollWidth <= element.clientWidth + 1 &&
      element.getBoundingClientRect().right <= window.innerWidth + 1,
  );
}

async function usePortuguese(page: Page) {
  await page.evaluate(() => localStorage.setItem("vv-lang", "pt-BR"));
}

test("the dashboard's link, its Request Views and the marketplace tabs fit a phone", async ({
  page,
}) => {
  await signIn(page, MEMBER.email, MEMBER.password);

  // The referral link whole, wrapped if it must, with its copy button.
  const link = page.getByLabel("Your referral link");
  await expect(link).toHaveText(new RegExp(`^https?://[^\\s]+/@${MEMBER.username}$`));
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeInViewport({ ratio: 1 });
  expect(await showsAll(link)).toBe(true);
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Request Views opens its dialog here, not the feed.
  await page.locator("main").getByRole("button", { name: "Request Views" }).click();
  const dialog = page.getByRole("dialog", { name: "Request Views" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await dialog.getByRole("button", { name: "Close" }).click();

  // The marketplace's tabs, in Portuguese: each one whole, inside the screen.
  await usePortuguese(page);
  await open(page, "/marketplace");
  for (const name of ["Comprar", "Vender", "Minhas ofertas e negociações"]) {
    const tab = page.getByRole("tab", { name });
    await expect(tab).toBeInViewport({ ratio: 1 });
    expect(await showsAll(tab), `the tab "${name}" shows all its words`).toBe(true);
  }
  await page.getByRole("tab", { name: "Minhas ofertas e negociações" }).click();
  await expect(page.getByRole("tab", { name: "Minhas ofertas e negociações" })).toHaveAttribute(
    "data-state",
    "active",
  );
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
