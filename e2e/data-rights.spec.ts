import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { expect, freshMember, open, test } from "./fixtures";

/**
 * Data rights: a fresh test member downloads their data from Settings (a ZIP with a JSON and a
 * CSV file per part, their profile and ledger among them, and a README), then asks for the
 * deletion with their password — it is scheduled (ADR 036), they are signed out and told the
 * date — and signing in again cancels it, saying so. In Portuguese for the deletion. (The job
 * that performs a due deletion is covered by route and PostgreSQL tests.)
 */

test("download my data, schedule the deletion, then cancel it by signing in", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const me = await freshMember(page, baseURL as string, "dr");

  await open(page, "/settings");
  const card = page.getByText("Your data", { exact: true });
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download my data (ZIP)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^viewvault-data-${me.username}-.*\\.zip$`),
  );
  const files = unzipSync(new Uint8Array(readFileSync((await download.path()) as string)));
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining(["README.txt", "ledger_entries.json", "ledger_entries.csv"]),
  );
  const profile = JSON.parse(strFromU8(files["profiles.id.json"] ?? new Uint8Array())) as {
    username?: string;
  }[];
  expect(profile[0]?.username).toBe(me.username);
  expect(strFromU8(files["profiles.id.csv"] ?? new Uint8Array())).toContain(me.username);

  // In Portuguese: the deletion is scheduled (re-authentication first), every session ends.
  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  await expect(page.getByText(/e a exclui 7 dias depois/)).toBeVisible();
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
  await dialog.getByLabel("Senha").fill("not-my-password");
  await dialog.getByRole("button", { name: "Agendar a exclusão" }).click();
  await expect(dialog.getByText("Senha ou código incorreto.")).toBeVisible();
  await dialog.getByLabel("Senha").fill(me.password);
  const forfeit = dialog.getByRole("checkbox");
  if (await forfeit.count()) await forfeit.check();
  await dialog.getByRole("button", { name: "Agendar a exclusão" }).click();
  const scheduled = page.getByRole("dialog", { name: "Exclusão agendada" });
  await expect(scheduled.getByRole("status")).toHaveText(
    /^Sua conta será excluída em .+ Enviamos um e-mail; entre antes disso para cancelar\.$/,
  );
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await scheduled.getByRole("button", { name: "OK, ir para a página inicial" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => subjects(page, me.email)).toContain("Your account will be deleted on");

  // Signing in during the grace period cancels the deletion, and says so.
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(me.email);
  await page.getByLabel("Senha", { exact: true }).fill(me.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(
    page.getByText("Bem-vindo de volta! A exclusão da sua conta foi cancelada porque você entrou."),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard/);
  expect((await page.request.get("/api/me")).status()).toBe(200);
  await expect
    .poll(() => subjects(page, me.email))
    .toContain("Your account deletion was cancelled");
});

/** The subjects of the e-mails sent to this address, newest first, joined. */
async function subjects(page: Page, email: string): Promise<string> {
  const response = await page.request.get("/api/dev/mailbox");
  const { messages } = (await response.json()) as { messages: { to: string; subject: string }[] };
  return messages
    .filter((m) => m.to === email)
    .map((m) => m.subject)
    .join(" | ");
}
