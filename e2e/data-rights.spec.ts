import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { expect, open, test } from "./fixtures";

/**
 * Data rights: a fresh test member downloads their data from Settings (a ZIP with a JSON and a
 * CSV file per part, their profile and ledger among them, and a README), then deletes the account with their password — signed out, and unable to
 * sign in again. In Portuguese for the deletion.
 */

async function freshMember(page: Page, baseURL: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
  const member = {
    username: `dr_${stamp}`,
    email: `dr-${stamp}@example.com`,
    password: `Vv-dr-${stamp}`,
  };
  const signUp = await page.request.post("/api/auth/sign-up/email", {
    headers: { origin: baseURL },
    data: {
      email: member.email,
      password: member.password,
      name: member.username,
      username: member.username,
      callbackURL: "/dashboard?verified=1",
    },
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  let link = "";
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/dev/mailbox");
      const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
      link = messages.find((m) => m.to === member.email)?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard/);
  return member;
}

test("download my data, then delete the account", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const me = await freshMember(page, baseURL as string);

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

  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  await page.getByRole("button", { name: "Excluir minha conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Excluir sua conta?" });
  await dialog.getByLabel("Senha").fill("not-my-password");
  await dialog.getByRole("button", { name: "Excluir minha conta para sempre" }).click();
  await expect(dialog.getByText("Senha ou código incorreto.")).toBeVisible();
  await dialog.getByLabel("Senha").fill(me.password);
  const forfeit = dialog.getByRole("checkbox");
  if (await forfeit.count()) await forfeit.check();
  await dialog.getByRole("button", { name: "Excluir minha conta para sempre" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/me")).status()).toBe(401);

  const signIn = await page.request.post("/api/auth/sign-in/email", {
    headers: { origin: baseURL as string },
    data: { email: me.email, password: me.password },
  });
  expect(signIn.ok()).toBe(false);
});
