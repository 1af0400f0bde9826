import type { Page } from "@playwright/test";
import { expect, hasNoHorizontalOverflow, memberContext, open, signIn, test } from "./fixtures";

/**
 * The marketplace journey: carla (English) opens the marketplace from the dashboard's Shop,
 * lists 50 views at 0.1 USDT (the total computed live), sees them leave her balance and her offer
 * in "My offers and trades" with the Buy button reading "Your Offer"; emma, signed in elsewhere in
 * Portuguese, buys the whole offer through the confirmation dialog; both balances change, carla's
 * live, without a reload. Then the ranking page shows the platform's real figures, in English and
 * in Portuguese.
 */

const SELLER = { email: "carla@viewvault.local", password: "carla-password-1", username: "carla" };
const BUYER = { email: "emma@viewvault.local", password: "emma-password-1", username: "emma" };

/** "2,500" → 2500 (en) or "2.500" → 2500 (pt-BR). */
const digits = (text: string | null) => Number((text ?? "").replace(/[^\d]/g, ""));

async function tiles(page: Page) {
  await expect(page.getByTestId("balance-views")).toBeVisible();
  return {
    views: digits(await page.getByTestId("balance-views").textContent()),
    /** cents */
    usdt: digits(await page.getByTestId("balance-usdt").textContent()),
  };
}

test("list views → another member buys the whole offer → both balances change", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);

  // 1. The dashboard's Shop leads to the marketplace.
  await signIn(page, SELLER.email, SELLER.password);
  await page
    .getByRole("region", { name: "Views Balance" })
    .getByRole("link", { name: "Shop" })
    .click();
  await expect(page).toHaveURL(/\/marketplace$/);
  await expect(page.getByRole("heading", { level: 1, name: "Views Marketplace" })).toBeVisible();
  const sellerStart = await tiles(page);

  // 2. Sell: the seeds' check, the live total, then the listing.
  await page.getByRole("tab", { name: "Sell" }).click();
  const form = page.getByRole("form", { name: "Sell views" });
  await form.getByRole("button", { name: "List offer" }).click();
  await expect(form.getByText("Quantity and price must be greater than zero")).toBeVisible();
  await form.getByLabel("Quantity of views").fill("50");
  await form.getByLabel("Price per view (USDT)").fill("0.1");
  await expect(form.getByTestId("offer-total")).toHaveText("5.00 USDT");
  await form.getByRole("button", { name: "List offer" }).click();
  await expect(page.getByText("Offer listed!")).toBeVisible();
  await expect(page.getByTestId("balance-views")).toHaveText(
    (sellerStart.views - 50).toLocaleString("en-US"),
  );
  const mine = page.getByTestId("my-offer").first();
  await expect(mine).toContainText("50 views · 5.00 USDT");
  await expect(mine).toContainText("Open");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Her own offer in the list: "Your Offer", disabled.
  await page.getByRole("tab", { name: "Buy" }).click();
  await page.getByLabel("Sort by").selectOption("newest");
  const ownRow = page
    .getByTestId("offer")
    .filter({ hasText: `@${SELLER.username}` })
    .first();
  await expect(ownRow.getByRole("button", { name: "Your Offer" })).toBeDisabled();

  // 3. The buyer, in Portuguese on a phone-sized screen, buys the whole offer.
  const buyer = await memberContext(browser, { viewport: { width: 390, height: 844 } });
  try {
    await signIn(buyer.page, BUYER.email, BUYER.password);
    await buyer.page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
    await open(buyer.page, "/marketplace");
    await expect(
      buyer.page.getByRole("heading", { level: 1, name: "Marketplace de Views" }),
    ).toBeVisible();
    const buyerStart = await tiles(buyer.page);
    await buyer.page.getByLabel("Ordenar por").selectOption("newest");
    const row = buyer.page
      .getByTestId("offer")
      .filter({ hasText: `@${SELLER.username}` })
      .filter({ hasText: "5,00 USDT" })
      .first();
    await row.getByRole("button", { name: "Comprar" }).click();
    const dialog = buyer.page.getByRole("dialog", { name: "Confirmar compra" });
    await expect(dialog.getByTestId("confirm-views")).toHaveText("50 views");
    await dialog.getByRole("button", { name: "Comprar por 5,00 USDT" }).click();
    await expect(buyer.page.getByText("Compra realizada!")).toBeVisible();
    await expect(buyer.page.getByTestId("balance-views")).toHaveText(
      (buyerStart.views + 50).toLocaleString("pt-BR"),
    );
    expect(digits(await buyer.page.getByTestId("balance-usdt").textContent())).toBe(
      buyerStart.usdt - 500,
    );
    await buyer.page.getByRole("tab", { name: "Minhas ofertas e negociações" }).click();
    await expect(buyer.page.getByTestId("my-purchase").first()).toContainText(
      `De @${SELLER.username}`,
    );
    expect(await hasNoHorizontalOverflow(buyer.page)).toBe(true);
  } finally {
    await buyer.close();
  }

  // 4. The seller's USDT arrived, live; her offer reads Sold.
  await expect
    .poll(async () => digits(await page.getByTestId("balance-usdt").textContent()))
    .toBe(sellerStart.usdt + 500);
  await page.getByRole("tab", { name: "My offers and trades" }).click();
  await expect(page.getByTestId("my-offer").first()).toContainText("Sold");
  await expect(page.getByTestId("my-offer").first()).toContainText(`Bought by @${BUYER.username}`);

  // 5. The ranking from real data: the summary counts the members that exist; her own row or a
  //    note saying why she is not in it; the periods; in both languages.
  await open(page, "/ranking");
  await expect(page.getByRole("heading", { level: 1, name: "Ranking" })).toBeVisible();
  await expect(page.getByTestId("ranking-members")).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByText(/USDT members sent each other/)).toBeVisible();
  await expect(
    page
      .getByTestId("ranking-me")
      .or(page.getByText("You are not in this ranking yet", { exact: false }))
      .or(page.getByText("No ranking data available at this time.")),
  ).toBeVisible();
  await page.getByRole("tab", { name: "All time" }).click();
  await expect(page.getByRole("tab", { name: "All time" })).toHaveAttribute("data-state", "active");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  await expect(page.getByRole("tab", { name: "Todo o período" })).toBeVisible();
  await expect(page.getByText("Views em circulação")).toBeVisible();
});
