import type { Page } from "@playwright/test";
import { expect, freshMember, getJson, hasNoHorizontalOverflow, open, test } from "./fixtures";

/**
 * The mystery box and verification journey: a new member (sent USDT by diego over the API, which
 * they swap to views — diego's views are the double-click journey's) sees the
 * committed seed hash, chooses a client seed, opens a box — the opening animation, then the
 * reveal with the item and "no cash value" — follows "Verify this roll" to /fairness, where the
 * browser recomputes the same item and checks the seed against the committed hash; then, in
 * Portuguese, verifies the account (Verificada) and finds the item in the public collection.
 */

const FUNDER = { email: "diego@viewvault.local", password: "diego-password-1" };
const FUNDING_USDT = 115;
const FUNDING_VIEWS = 1_150;

async function fund(page: Page, baseURL: string, username: string) {
  const context = await page.context().browser()?.newContext({ baseURL });
  if (!context) throw new Error("no browser");
  try {
    const headers = { origin: baseURL };
    const signIn = await context.request.post("/api/auth/sign-in/email", {
      headers,
      data: FUNDER,
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    const sent = await context.request.post("/api/transfers", {
      headers,
      data: { recipient: username, transferType: "USDT", amount: String(FUNDING_USDT) },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  } finally {
    await context.close();
  }
  const swapped = await page.request.post("/api/swaps", {
    headers: { origin: baseURL },
    data: { direction: "USDT_TO_VIEWS", amount: String(FUNDING_USDT) },
  });
  expect(swapped.ok(), await swapped.text()).toBe(true);
  const balances = await getJson<{ views: string }>(page, "/api/balances");
  expect(balances.views).toBe(String(FUNDING_VIEWS));
}

test("open a box, verify the roll on /fairness, verify the account — in both languages", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const me = await freshMember(page, baseURL as string, "box");
  await fund(page, baseURL as string, me.username);
  await open(page, "/dashboard");

  const box = page.getByRole("region", { name: "Mystery Box" });
  const views = page.getByRole("region", { name: "Views Balance" }).getByTestId("views-balance");
  await expect(views).toHaveText("1,150");

  await test.step("choose a client seed; the committed hash is shown before opening", async () => {
    const hash = (await box.getByTestId("box-commitment").textContent()) ?? "";
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await box.getByRole("button", { name: "Change client seed" }).click();
    await box.getByLabel("Client seed").fill("bad seed!");
    await box.getByRole("button", { name: "Save" }).click();
    await expect(box.getByText('Use 1 to 64 letters, digits, "-" or "_".')).toBeVisible();
    await box.getByLabel("Client seed").fill("journey-seed");
    await box.getByRole("button", { name: "Save" }).click();
    await expect(box.getByTestId("box-client-seed")).toHaveText("journey-seed");
    await expect(box.getByTestId("box-commitment")).toHaveText(hash);
  });

  const committed = (await box.getByTestId("box-commitment").textContent()) ?? "";
  let itemName = "";
  await test.step("open: the animation plays, then the reveal dialog", async () => {
    await box.getByRole("button", { name: "Open box · 100 views" }).click();
    await expect(box.getByRole("button", { name: "Opening…" })).toBeDisabled();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(/no cash value/)).toBeVisible();
    itemName = ((await dialog.getByRole("heading").textContent()) ?? "")
      .replace(/^You found /, "")
      .replace(/!$/, "");
    expect(itemName.length).toBeGreaterThan(0);
    await dialog.getByRole("link", { name: "Verify this roll" }).click();
  });

  await test.step("/fairness recomputes the same item and checks the hash", async () => {
    await expect(page).toHaveURL(/\/fairness\?/);
    const outcome = page.getByTestId("fairness-outcome");
    await expect(outcome.getByText("The server seed matches the committed hash.")).toBeVisible();
    await expect(outcome.getByTestId("fairness-item")).toHaveText(itemName);
    await expect(page.getByLabel("Committed hash (optional)")).toHaveValue(committed);
    await expect(page.getByLabel("Client seed")).toHaveValue("journey-seed");
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
  });

  await test.step("in Portuguese: verify the account (Verificada)", async () => {
    await open(page, "/dashboard");
    // Charged once; the next opening has a new commitment and the nonce moved on.
    await expect(views).toHaveText("1,050");
    await expect(box.getByTestId("box-nonce")).toHaveText("1");
    await expect(box.getByTestId("box-commitment")).not.toHaveText(committed);
    await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
    const status = page.getByRole("region", { name: "Caixa Misteriosa" });
    await expect(status).toBeVisible();
    await page.getByRole("button", { name: "Verificar", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Verifique sua conta" });
    await dialog.getByRole("button", { name: "Verificar · 1.000 views" }).click();
    await expect(page.getByText("Conta verificada!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Verificada").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Verificar", exact: true })).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Saldo de Views" }).getByTestId("views-balance"),
    ).toHaveText("50");
  });

  await test.step("the public page shows the verified badge and the collection", async () => {
    await open(page, `/@${me.username}`);
    const collection = page.getByRole("region", { name: "Coleção" });
    await expect(collection.getByText("×1")).toBeVisible();
    await expect(
      page.getByText("Verificada").or(page.getByText("Verificado")).first(),
    ).toBeVisible();
  });

  await test.step("dashboard fits a phone", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, "/dashboard");
    await expect(page.getByRole("region", { name: "Caixa Misteriosa" })).toBeVisible();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
  });
});
