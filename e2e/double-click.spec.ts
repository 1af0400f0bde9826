import type { Locator, Page } from "@playwright/test";
import { expect, freshMember, getJson, open, openDailyClaim, test } from "./fixtures";

/**
 * Double clicks on every money button move money once. A fresh member, funded by a demo member
 * (diego, whom no other journey touches), presses each button twice — with Playwright's
 * dblclick(), then with two click()s in the same task (before React can re-render and disable
 * the button) — and the API shows exactly one effect each time: one POST, the balance changed
 * by one charge, one more history row, one 24-hour boost, one more view request, one more box
 * opening.
 */

const FUNDER = { email: "diego@viewvault.local", password: "diego-password-1", username: "diego" };
const FUNDING_VIEWS = 1_000;
/** USDT for one withdrawal (an unverified member may withdraw 100 USDT a day). */
const FUNDING_USDT = 100;

const DOUBLE_CLICKS: Array<[string, (button: Locator) => Promise<void>]> = [
  ["dblclick()", (button) => button.dblclick()],
  [
    "two click()s in one task",
    (button) =>
      button.evaluate((element: HTMLElement) => {
        element.click();
        element.click();
      }),
  ],
];

type Balances = { views: bigint; usdt: bigint; heldViews: bigint };

async function balances(page: Page): Promise<Balances> {
  const body = await getJson<{ views: string; usdt: string; heldViews: string }>(
    page,
    "/api/balances",
  );
  return { views: BigInt(body.views), usdt: BigInt(body.usdt), heldViews: BigInt(body.heldViews) };
}

/** Counts the POSTs the page sends to `path` from now on. */
function postsTo(page: Page, path: RegExp): () => number {
  let count = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && path.test(new URL(request.url()).pathname)) count++;
  });
  return () => count;
}

/** Waits until a toast's text has gone, so the next one seen is the next action's. */
async function toastGone(page: Page, text: string) {
  await expect(page.getByText(text)).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The funder sends views and USDT to the new member and lists two offers of 10 views at 0.5 USDT
 * for them to buy (over the API: funding is not under test).
 */
async function fund(page: Page, baseURL: string, username: string) {
  const context = await page.context().browser()?.newContext({ baseURL });
  if (!context) throw new Error("no browser");
  try {
    const headers = { origin: baseURL };
    const signIn = await context.request.post("/api/auth/sign-in/email", {
      headers,
      data: { email: FUNDER.email, password: FUNDER.password },
    });
    expect(signIn.ok(), await signIn.text()).toBe(true);
    const sent = await context.request.post("/api/transfers", {
      headers,
      data: { recipient: username, transferType: "VIEWS", amount: String(FUNDING_VIEWS) },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    for (let i = 0; i < DOUBLE_CLICKS.length; i++) {
      const listed = await context.request.post("/api/marketplace/offers", {
        headers,
        data: { viewsQuantity: "10", pricePerView: "0.5" },
      });
      expect(listed.ok(), await listed.text()).toBe(true);
    }
    const usdt = await context.request.post("/api/transfers", {
      headers,
      data: { recipient: username, transferType: "USDT", amount: String(FUNDING_USDT) },
    });
    expect(usdt.ok(), await usdt.text()).toBe(true);
  } finally {
    await context.close();
  }
}

test("every money button, double-clicked, moves money exactly once", { tag: "@phone" }, async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const origin = baseURL as string;
  const me = await freshMember(page, origin, "dc");
  await fund(page, origin, me.username);
  expect((await balances(page)).views).toBe(BigInt(FUNDING_VIEWS));

  await test.step("transfer: Confirm and send", async () => {
    const posts = postsTo(page, /^\/api\/transfers$/);
    await open(page, "/transfer");
    const form = page.getByRole("form", { name: "Send a transfer" });
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const rows = (await getJson<{ transfers: unknown[] }>(page, "/api/transfers")).transfers;
      const sent = posts();
      await toastGone(page, "Transfer Completed!");
      await form.getByLabel("Recipient (username or ID)").fill(FUNDER.username);
      await form.getByLabel("Amount").fill("100");
      await form.getByRole("button", { name: "Review transfer" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm transfer" });
      await expect(dialog.getByTestId("confirm-amount")).toHaveText("100 views");
      await doubleClick(dialog.getByRole("button", { name: "Confirm and send" }));
      await expect(page.getByText("Transfer Completed!")).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(posts() - sent, how).toBe(1);
      expect((await balances(page)).views, how).toBe(before.views - 100n);
      const after = (await getJson<{ transfers: unknown[] }>(page, "/api/transfers")).transfers;
      expect(after.length - rows.length, how).toBe(1);
    }
  });

  await test.step("swap: Swap now", async () => {
    const posts = postsTo(page, /^\/api\/swaps$/);
    await open(page, "/swap");
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const rows = (await getJson<{ swaps: unknown[] }>(page, "/api/swaps")).swaps;
      const sent = posts();
      await toastGone(page, "Swap Completed!");
      await page.getByLabel("Views to convert").fill("100");
      await expect(page.getByTestId("swap-receive")).toHaveText("10.00 USDT");
      await doubleClick(page.getByRole("button", { name: "Swap now" }));
      await expect(page.getByText("Swap Completed!")).toBeVisible();
      expect(posts() - sent, how).toBe(1);
      const after = await balances(page);
      expect(after.views, how).toBe(before.views - 100n);
      expect(after.usdt, how).toBe(before.usdt + 10_000_000n);
      expect((await getJson<{ swaps: unknown[] }>(page, "/api/swaps")).swaps.length, how).toBe(
        rows.length + 1,
      );
    }
  });

  const posted: Array<{ youtubeId: string; title: string }> = [];
  await test.step("add video: Add Video", async () => {
    const posts = postsTo(page, /^\/api\/videos$/);
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const youtubeId = `e2e${Date.now().toString(36).slice(-8).padStart(8, "0")}`;
      const title = `E2E video ${youtubeId}`;
      const before = await balances(page);
      const sent = posts();
      await open(page, "/add-video");
      await page.getByLabel("YouTube URL").fill(`https://youtu.be/${youtubeId}`);
      await expect(page.getByTestId("extracted-title")).toHaveText(title);
      await page.getByLabel("Country", { exact: true }).selectOption("BR");
      await page.getByLabel("Theme", { exact: true }).selectOption("Education");
      await doubleClick(page.getByRole("button", { name: "Add Video" }));
      await expect(page.getByText("Video Added Successfully!")).toBeVisible();
      await expect(page).toHaveURL(/\/feed$/);
      expect(posts() - sent, how).toBe(1);
      expect((await balances(page)).views, how).toBe(before.views - 1n);
      const feed = await getJson<{ videos: { youtubeId: string }[] }>(
        page,
        "/api/videos?country=BR&theme=Education",
      );
      expect(
        feed.videos.filter((v) => v.youtubeId === youtubeId),
        how,
      ).toHaveLength(1);
      posted.push({ youtubeId, title });
      await toastGone(page, "Video Added Successfully!");
    }
  });

  await test.step("boost: Boost for 100 views", async () => {
    const posts = postsTo(page, /^\/api\/videos\/[^/]+\/boost$/);
    for (const [index, [how, doubleClick]] of DOUBLE_CLICKS.entries()) {
      const video = posted[index] as { youtubeId: string; title: string };
      const before = await balances(page);
      const sent = posts();
      await open(page, "/feed");
      await page.getByLabel("Theme", { exact: true }).selectOption("Education");
      const card = page.getByTestId("video-card").filter({ hasText: video.title });
      await card.getByRole("button", { name: "Boost 24h" }).click();
      const dialog = page.getByRole("dialog", { name: "Boost this video?" });
      await doubleClick(dialog.getByRole("button", { name: "Boost for 100 views" }));
      await expect(page.getByText("Video Boosted!")).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(posts() - sent, how).toBe(1);
      expect((await balances(page)).views, how).toBe(before.views - 100n);
      // One boost period: 24 hours from now on the server's clock, not 48.
      const feed = await getJson<{
        boosted: { youtubeId: string; boostedUntil: string | null }[];
        serverTime: string;
      }>(page, "/api/videos?country=ALL&theme=ALL");
      const boosted = feed.boosted.find((v) => v.youtubeId === video.youtubeId);
      const left = Date.parse(boosted?.boostedUntil ?? "") - Date.parse(feed.serverTime);
      expect(left, how).toBeGreaterThan(23 * 3_600_000);
      expect(left, how).toBeLessThanOrEqual(24 * 3_600_000);
      await toastGone(page, "Video Boosted!");
    }
  });

  await test.step("daily first claim: Claim 100 views", async () => {
    // Once: a winner waits 7 days before winning again (a second date would be refused).
    const posts = postsTo(page, /^\/api\/events\/daily\/claim$/);
    await openDailyClaim(page.request);
    await open(page, "/events");
    const before = await balances(page);
    const card = page.getByTestId("daily-claim-card");
    await card.getByRole("button", { name: "Claim 100 views" }).dblclick();
    await expect(page.getByText("You won today's 100 views!")).toBeVisible();
    await expect(card.getByTestId("daily-winner")).toHaveText(me.username);
    expect(posts()).toBe(1);
    expect((await balances(page)).views).toBe(before.views + 100n);
  });

  await test.step("request views: Request views for 1 view", async () => {
    type Requests = { todayCount: number; requests: { id: string; status: string }[] };
    const posts = postsTo(page, /^\/api\/view-requests$/);
    await open(page, "/feed?request=1");
    const dialog = page.getByRole("dialog", { name: "Request Views" });
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const list = await getJson<Requests>(page, "/api/view-requests");
      const sent = posts();
      await toastGone(page, "View Request Sent!");
      await expect(dialog.getByText(`Today: ${list.todayCount} of 10 requests`)).toBeVisible();
      await doubleClick(dialog.getByRole("button", { name: "Request views for 1 view" }));
      await expect(page.getByText("View Request Sent!")).toBeVisible();
      await expect(dialog.getByText(`Today: ${list.todayCount + 1} of 10 requests`)).toBeVisible();
      expect(posts() - sent, how).toBe(1);
      const after = await getJson<Requests>(page, "/api/view-requests");
      expect(after.todayCount, how).toBe(list.todayCount + 1);
      const added = after.requests.filter((r) => !list.requests.some((old) => old.id === r.id));
      expect(added, how).toHaveLength(1);
      // One charge of 1 view; a request that met another member's at once also earned the match,
      // which is pending (on hold, ADR 047), not available.
      const reward = added[0]?.status === "MATCHED" ? 2n : 0n;
      const now = await balances(page);
      expect(now.views, how).toBe(before.views - 1n);
      expect(now.heldViews, how).toBe(before.heldViews + reward);
    }
  });

  await test.step("mystery box: Open box", async () => {
    type Openings = { openings: { id: string }[] };
    const posts = postsTo(page, /^\/api\/box\/open$/);
    await open(page, "/dashboard");
    const box = page.getByRole("region", { name: "Mystery Box" });
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const list = await getJson<Openings>(page, "/api/box/openings?limit=50");
      const sent = posts();
      await doubleClick(box.getByRole("button", { name: "Open box · 100 views" }));
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(/no cash value/)).toBeVisible({ timeout: 15_000 });
      expect(posts() - sent, how).toBe(1);
      expect((await balances(page)).views, how).toBe(before.views - 100n);
      const after = await getJson<Openings>(page, "/api/box/openings?limit=50");
      expect(after.openings.length, how).toBe(list.openings.length + 1);
      await dialog.getByRole("button", { name: "Close" }).last().click();
      await expect(dialog).toBeHidden();
    }
  });

  await test.step("marketplace: List offer, Cancel offer, Buy", async () => {
    type Mine = { offers: { id: string; status: string }[]; purchases: { id: string }[] };
    const listPosts = postsTo(page, /^\/api\/marketplace\/offers$/);
    const cancelPosts = postsTo(page, /^\/api\/marketplace\/offers\/[^/]+\/cancel$/);
    const buyPosts = postsTo(page, /^\/api\/marketplace\/offers\/[^/]+\/buy$/);
    await open(page, "/marketplace");
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const mine = await getJson<Mine>(page, "/api/marketplace/mine");
      const sent = listPosts();
      await toastGone(page, "Offer listed!");
      await page.getByRole("tab", { name: "Sell" }).click();
      const form = page.getByRole("form", { name: "Sell views" });
      await form.getByLabel("Quantity of views").fill("10");
      await form.getByLabel("Price per view (USDT)").fill("0.1");
      await expect(form.getByTestId("offer-total")).toHaveText("1.00 USDT");
      await doubleClick(form.getByRole("button", { name: "List offer" }));
      await expect(page.getByText("Offer listed!")).toBeVisible();
      expect(listPosts() - sent, how).toBe(1);
      expect((await balances(page)).views, how).toBe(before.views - 10n);
      const after = await getJson<Mine>(page, "/api/marketplace/mine");
      expect(after.offers.length - mine.offers.length, how).toBe(1);
    }
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const sent = cancelPosts();
      await toastGone(page, "Offer cancelled");
      await page.getByRole("tab", { name: "My offers and trades" }).click();
      const openOffer = page.getByTestId("my-offer").filter({ hasText: "Open" }).first();
      await doubleClick(openOffer.getByRole("button", { name: "Cancel offer" }));
      await expect(page.getByText("Offer cancelled")).toBeVisible();
      expect(cancelPosts() - sent, how).toBe(1);
      expect((await balances(page)).views, how).toBe(before.views + 10n);
    }
    for (const [how, doubleClick] of DOUBLE_CLICKS) {
      const before = await balances(page);
      const mine = await getJson<Mine>(page, "/api/marketplace/mine");
      const sent = buyPosts();
      await toastGone(page, "Purchase completed!");
      await page.getByRole("tab", { name: "Buy" }).click();
      const row = page
        .getByTestId("offer")
        .filter({ hasText: `@${FUNDER.username}` })
        .filter({ hasText: "5.00 USDT" })
        .first();
      await row.getByRole("button", { name: "Buy" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
      await doubleClick(dialog.getByRole("button", { name: "Buy for 5.00 USDT" }));
      await expect(page.getByText("Purchase completed!")).toBeVisible();
      await expect(dialog).toBeHidden();
      expect(buyPosts() - sent, how).toBe(1);
      const after = await balances(page);
      expect(after.views, how).toBe(before.views + 10n);
      expect(after.usdt, how).toBe(before.usdt - 5_000_000n);
      const bought = await getJson<Mine>(page, "/api/marketplace/mine");
      expect(bought.purchases.length - mine.purchases.length, how).toBe(1);
    }
  });

  await test.step("withdraw: Confirm withdrawal", async () => {
    // The daily limit of an unverified member (100 USDT) allows one withdrawal: dblclick() only.
    const [how, doubleClick] = DOUBLE_CLICKS[0] as (typeof DOUBLE_CLICKS)[number];
    const posts = postsTo(page, /^\/api\/withdrawals$/);
    await open(page, "/withdraw");
    const pendingBefore = BigInt(
      (await getJson<{ pendingUsdt: string }>(page, "/api/balances")).pendingUsdt,
    );
    const form = page.getByRole("form", { name: "Request a withdrawal" });
    await form.getByLabel("Amount (USDT)").fill("100");
    await form.getByLabel("Network").selectOption("TRC20");
    await form.getByLabel("Wallet address").fill("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
    await form.getByRole("button", { name: "Review withdrawal" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm withdrawal" });
    await dialog.getByLabel("Password").fill(me.password);
    await doubleClick(dialog.getByRole("button", { name: "Confirm withdrawal" }));
    await expect(page.getByText("Withdrawal Submitted!")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(posts(), how).toBe(1);
    const after = await getJson<{ pendingUsdt: string }>(page, "/api/balances");
    expect(BigInt(after.pendingUsdt) - pendingBefore, how).toBe(100_000_000n);
    const list = await getJson<{ withdrawals: unknown[] }>(page, "/api/withdrawals");
    expect(list.withdrawals, how).toHaveLength(1);
  });

  await test.step("withdraw: Cancel withdrawal", async () => {
    const [how, doubleClick] = DOUBLE_CLICKS[0] as (typeof DOUBLE_CLICKS)[number];
    const posts = postsTo(page, /^\/api\/withdrawals\/[^/]+\/cancel$/);
    const before = await getJson<{ usdt: string; pendingUsdt: string }>(page, "/api/balances");
    const row = page.getByTestId("withdrawal-row").first();
    await row.getByRole("button", { name: "Cancel withdrawal" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel this withdrawal?" });
    await doubleClick(dialog.getByRole("button", { name: "Yes, cancel it" }));
    await expect(page.getByText("Withdrawal cancelled", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(posts(), how).toBe(1);
    const after = await getJson<{ usdt: string; pendingUsdt: string }>(page, "/api/balances");
    expect(BigInt(after.pendingUsdt), how).toBe(BigInt(before.pendingUsdt) - 100_000_000n);
    expect(BigInt(after.usdt), how).toBe(BigInt(before.usdt) + 100_000_000n);
  });
});
