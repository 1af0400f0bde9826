import type { Browser, Page } from "@playwright/test";
import { expect, hasNoHorizontalOverflow, memberContext, signIn, test } from "./fixtures";

/**
 * The videos journey: alice posts a video (the server fetches its title from the oEmbed
 * stand-in: a very long one, which must not overflow the preview, the card or the watch page),
 * bruno watches it — ad, a reload that continues the ad, then content — to completion with the
 * browser's and the server's clocks moved forward (test mode only), and both members' earnings
 * show in the UI as pending (on hold, ADR 047).
 */

/** The stand-in's title for ids starting with "e2eL" (e2e/server.mjs). */
function longTitle(youtubeId: string): string {
  return `E2E video ${youtubeId} ${"Supercalifragilisticexpialidocious".repeat(4)} and a title far longer than any card was made for`;
}

/** A second member in their own browser context, with YouTube offline. */
async function secondMember(browser: Browser, baseURL: string, viewport: Page["viewportSize"]) {
  const { page, close } = await memberContext(browser, { baseURL, viewport: viewport() });
  const context = page.context();
  // The machine is offline: the embed answers a blank stand-in page and the IFrame API never loads.
  await context.route("https://www.youtube-nocookie.com/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>player</title>" }),
  );
  await context.route("https://www.youtube.com/**", (route) => route.abort());
  await context.route("https://i.ytimg.com/**", (route) => route.abort());
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
  return { page, close, problems };
}

async function shownBalance(page: Page): Promise<number> {
  const balance = page.getByTestId("feed-balance");
  await expect(balance).not.toContainText("…");
  return Number(((await balance.textContent()) ?? "").replace(/\D/g, ""));
}

/** Views on hold (pending, ADR 047), as the balances API answers. */
async function heldViews(page: Page): Promise<number> {
  const res = await page.request.get("/api/balances");
  return Number((await res.json()).heldViews);
}

async function feedBalance(page: Page): Promise<number> {
  await page.goto("/feed");
  return shownBalance(page);
}

/** Moves the server's clock (POST /api/test/clock exists only with NODE_ENV=test and E2E_CLOCK=1). */
async function advanceServer(page: Page, ms: number) {
  const res = await page.request.post("/api/test/clock", { data: { advanceMs: ms } });
  expect(res.ok()).toBe(true);
}

test("post a video → another member watches it to completion → both balances change", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const youtubeId = `e2eL${Date.now().toString(36).slice(-7).padStart(7, "0")}`;
  const title = longTitle(youtubeId);

  // Alice posts the video.
  await signIn(page, "alice@viewvault.local", "alice-password-1");
  const aliceBefore = await feedBalance(page);
  const aliceHeldBefore = await heldViews(page);
  await page.getByRole("link", { name: "Add Video" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Add Video" })).toBeVisible();
  await page.getByLabel("YouTube URL").fill(`https://youtu.be/${youtubeId}`);
  await expect(page.getByTestId("extracted-title")).toHaveText(title);
  await expect(page.getByTestId("extracted-title")).toHaveAttribute("title", title);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
  await page.getByLabel("Country", { exact: true }).selectOption("BR");
  await page.getByLabel("Theme", { exact: true }).selectOption("Technology");
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page.getByText("Video Added Successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/feed$/);
  await expect.poll(() => shownBalance(page)).toBe(aliceBefore - 1);
  // The long title stays inside its card: clamped, long words broken, whole on hover.
  const posted = page.getByTestId("video-card").filter({ hasText: youtubeId });
  await expect(posted.getByRole("link", { name: title })).toHaveAttribute("title", title);
  await posted.scrollIntoViewIfNeeded();
  // Whole width inside the viewport (a sub-pixel sliver under the fold is not overflow).
  const box = await posted.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x >= 0 && box.x + box.width <= width + 0.5).toBe(true);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Bruno, in another browser, finds it in the feed (filtered) and watches it.
  const alice = page;
  const second = await secondMember(browser, baseURL as string, () => alice.viewportSize());
  {
    const page = second.page;
    await signIn(page, "bruno@viewvault.local", "bruno-password-1");
    const brunoBefore = await feedBalance(page);
    const brunoHeldBefore = await heldViews(page);
    await page.getByLabel("Theme", { exact: true }).selectOption("Technology");
    const card = page.getByTestId("video-card").filter({ hasText: title });
    await expect(card).toBeVisible();
    await page.clock.install();
    await card.getByRole("link", { name: "Watch" }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await page.getByRole("button", { name: "Watch Advertisement" }).click();
    const ad = page.getByRole("dialog", { name: "Advertisement" });
    await expect(ad).toBeVisible();
    await expect(ad.getByTestId("house-ad")).toBeVisible();
    const close = ad.getByRole("button", { name: /Close ad/ });
    await expect(close).toBeDisabled();

    // A reload 12 s into the ad continues the same session with the rest of the ad.
    await advanceServer(page, 12_000);
    await page.clock.fastForward(12_000);
    await page.reload();
    await expect(ad).toBeVisible();
    await expect(ad.getByText(/The ad ends in 1\d s/)).toBeVisible();
    await expect(close).toBeDisabled();
    // The overlay fits the phone: its Close button wraps below the title instead of sticking out.
    expect(await ad.evaluate((dialog) => dialog.scrollWidth <= dialog.clientWidth)).toBe(true);
    await expect(
      page.getByRole("progressbar", { name: "Advertisement" }).first(),
    ).not.toHaveAttribute("aria-valuenow", "0");

    await advanceServer(page, 31_000);
    await page.clock.fastForward(31_000);
    await expect(close).toBeEnabled();
    await close.click();
    await expect(ad).toBeHidden();
    await expect(page.getByTitle(`YouTube video player: ${title}`)).toBeVisible();
    await expect(page.getByText(/\d+ s left/)).toBeVisible();

    await advanceServer(page, 31_000);
    await page.clock.fastForward(31_000);
    await expect(page.getByText("Session Completed!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Session completed" })).toBeVisible();
    const bars = page.getByRole("progressbar");
    await expect(bars.nth(0)).toHaveAttribute("aria-valuenow", "30");
    await expect(bars.nth(1)).toHaveAttribute("aria-valuenow", "30");

    // The reward is pending for the hold window (ADR 047): not available yet, shown apart.
    expect(await feedBalance(page)).toBe(brunoBefore);
    expect(await heldViews(page)).toBe(brunoHeldBefore + 1);
    await expect(page.getByTestId("held-views")).toContainText(/^Pending: .* · clears from /);
    expect(second.problems).toEqual([]);
    await second.close();
  }

  // Alice earned the creator's view, on hold (ADR 047): her available views are 1 fewer (the post).
  expect(await feedBalance(alice)).toBe(aliceBefore - 1);
  expect(await heldViews(alice)).toBe(aliceHeldBefore + 1);
  await expect(alice.getByTestId("held-views")).toContainText(/^Pending: .* · clears from /);
  await expect(
    alice.getByTestId("video-card").filter({ hasText: title }).getByText("1 view"),
  ).toBeVisible();
});
