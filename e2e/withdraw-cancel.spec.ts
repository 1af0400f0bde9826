import type { Browser } from "@playwright/test";
import { expect, freshMember, hasNoHorizontalOverflow, open, test } from "./fixtures";
import { grantAndClaimBonus, STAFF, staffApi } from "./staff";

/**
 * A member cancels a pending withdrawal until staff take it. A fresh member (funded
 * with an event bonus over the API) requests a withdrawal, cancels it from the history (the
 * confirmation first: "Keep it" changes nothing) and the money is back; in Portuguese, a second
 * withdrawal shows "Cancelar saque" until support takes it, and then no longer.
 */

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

test("a member cancels a pending withdrawal and the money is back; once support takes one, it can no longer be cancelled", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const me = await freshMember(page, baseURL as string, "cancel");
  await grantAndClaimBonus(page, baseURL as string, 200, {
    key: `cancel-${me.username}`,
    reason: "Withdrawal cancel journey",
  });

  await open(page, "/withdraw");
  await expect(page.getByTestId("withdraw-available")).toHaveText("200.00 USDT");
  const form = page.getByRole("form", { name: "Request a withdrawal" });
  await form.getByLabel("Amount (USDT)").fill("100");
  await form.getByLabel("Network").selectOption("TRC20");
  await form.getByLabel("Wallet address").fill(TRON);
  await form.getByRole("button", { name: "Review withdrawal" }).click();
  const confirm = page.getByRole("dialog", { name: "Confirm withdrawal" });
  await confirm.getByLabel("Password").fill(me.password);
  await confirm.getByRole("button", { name: "Confirm withdrawal" }).click();
  await expect(page.getByText("Withdrawal Submitted!")).toBeVisible();
  await expect(page.getByTestId("withdraw-pending")).toHaveText("100.00 USDT");

  const row = page.getByTestId("withdrawal-row").first();
  await expect(row.getByTestId("withdrawal-status")).toHaveText("Pending");
  // The confirmation first: keeping it changes nothing.
  await row.getByRole("button", { name: "Cancel withdrawal" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this withdrawal?" });
  await expect(dialog).toContainText("100.00 USDT returns from pending to your available balance");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("withdraw-pending")).toHaveText("100.00 USDT");

  await row.getByRole("button", { name: "Cancel withdrawal" }).click();
  await dialog.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("Withdrawal cancelled", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("withdrawal-status")).toHaveText("Cancelled");
  await expect(row.getByRole("button", { name: "Cancel withdrawal" })).toHaveCount(0);
  await expect(page.getByTestId("withdraw-pending")).toHaveText("0.00 USDT");
  await expect(page.getByTestId("withdraw-available")).toHaveText("200.00 USDT");

  // In Portuguese: a second withdrawal can be cancelled until support takes it.
  const requested = await page.request.post("/api/withdrawals", {
    headers: { origin: baseURL as string, "idempotency-key": `e2e-cancel-second-${me.username}` },
    data: { amount: "100", network: "TRC20", walletAddress: TRON, password: me.password },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { withdrawal } = (await requested.json()) as { withdrawal: { id: string } };
  await open(page, "/withdraw");
  await page
    .getByRole("button", { name: /Switch to Brazilian Portuguese/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  const second = page.getByTestId("withdrawal-row").first();
  await expect(second.getByTestId("withdrawal-status")).toHaveText("Pendente");
  await expect(second.getByRole("button", { name: "Cancelar saque" })).toBeVisible();
  await expect(
    page.getByTestId("withdrawal-row").nth(1).getByTestId("withdrawal-status"),
  ).toHaveText("Cancelado");

  const support = await staffApi(page.context().browser() as Browser, baseURL as string, "support");
  try {
    const headers = { origin: baseURL as string };
    const unlocked = await support.post("/api/support/desk/unlock", {
      headers,
      data: { password: STAFF.support.password },
    });
    expect(unlocked.ok(), await unlocked.text()).toBe(true);
    const desk = (await (
      await support.get(`/api/support/desk/requests?member=${me.username}`)
    ).json()) as { requests: { id: string; withdrawal: { id: string } | null }[] };
    const request = desk.requests.find((r) => r.withdrawal?.id === withdrawal.id);
    expect(request).toBeTruthy();
    const taken = await support.put(`/api/support/desk/requests/${request?.id}/status`, {
      headers,
      data: { status: "PROCESSING" },
    });
    expect(taken.ok(), await taken.text()).toBe(true);
  } finally {
    await support.dispose();
  }
  // Taken: the button is gone and the money stays pending; a stale page's cancel is refused.
  await open(page, "/withdraw");
  await expect(second.getByTestId("withdrawal-status")).toHaveText("Pendente");
  await expect(second.getByRole("button", { name: "Cancelar saque" })).toHaveCount(0);
  await expect(page.getByTestId("withdraw-pending")).toHaveText("100,00 USDT");
  const refused = await page.request.post(`/api/withdrawals/${withdrawal.id}/cancel`, {
    headers: { origin: baseURL as string, "idempotency-key": `e2e-cancel-late-${me.username}` },
  });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toMatchObject({
    code: "CONFLICT",
    params: { context: "withdrawalNotCancellable" },
  });
});
