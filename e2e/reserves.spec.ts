import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, hasNoHorizontalOverflow, open, signIn, test } from "./fixtures";

/**
 * Proof of reserves (ADR 067, ADR 068): the demo data's snapshot at start; a member opens
 * /reserves from the footer, sees their inclusion, presses Verify and sees each step succeed, in
 * English and in Portuguese, at 390 px; the downloaded public file and proof pass the offline
 * verifier.
 */
const ALICE = { email: "alice@viewvault.local", password: "alice-password-1" };

test("a member verifies their inclusion in the proof of reserves, in both languages", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The first snapshot is taken by the start-up job.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/reserves")).json()) as { latest: unknown }).latest,
      {
        timeout: 60_000,
      },
    )
    .not.toBeNull();
  await signIn(page, ALICE.email, ALICE.password);
  await open(page, "/transparency");
  await page.getByRole("link", { name: /Proof of reserves: check/ }).click();
  await expect(page).toHaveURL(/\/reserves$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Proof of reserves");
  await expect(page.getByTestId("reserves-root")).toHaveText(/^[0-9a-f]{64}$/);
  await expect(page.getByTestId("reserves-coverage")).toBeVisible();
  await expect(page.getByText("What it does not show")).toBeVisible();

  const mine = page.getByTestId("reserves-inclusion");
  await expect(mine.getByTestId("reserves-my-balance")).toContainText("USDT");
  await mine.getByRole("button", { name: "Verify" }).click();
  await expect(mine.getByRole("status")).toHaveText(/Verified: your leaf is in the tree/);
  await expect(mine.getByText(/^Level 1: [0-9a-f]{64}/)).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // The two files, checked offline by the script with no dependencies.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    mine.getByRole("button", { name: "Download your proof (JSON)" }).click(),
  ]);
  const dir = mkdtempSync(join(tmpdir(), "vv-reserves-"));
  const proofPath = join(dir, "inclusion.json");
  await download.saveAs(proofPath);
  const fileHref = await page.getByTestId("reserves-download").getAttribute("href");
  const file = await page.request.get(fileHref as string);
  expect(file.ok()).toBe(true);
  const filePath = join(dir, "reserves.json");
  writeFileSync(filePath, await file.body());
  const verified = spawnSync(
    process.execPath,
    ["scripts/verify-reserves.mjs", filePath, proofPath],
    {
      encoding: "utf8",
    },
  );
  expect(verified.stdout).toContain("VERIFIED");
  expect(verified.status).toBe(0);

  // In Portuguese, the same check.
  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prova de reservas");
  await mine.getByRole("button", { name: "Verificar" }).click();
  await expect(mine.getByRole("status")).toHaveText(/Verificado: a sua folha está na árvore/);
  await expect(page.getByText("O que não mostra")).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // The footer links here too.
  await expect(
    page.getByRole("contentinfo").getByRole("link", { name: "Prova de reservas" }),
  ).toHaveAttribute("href", "/reserves");
});
