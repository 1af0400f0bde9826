import { expect, freshMember, getJson, hasNoHorizontalOverflow, open, test } from "./fixtures";

/**
 * "the feed knows me": a new member sees today's credited sessions against the cap,
 * orders the feed by most watched (server-side, kept in the address, in both languages) and
 * reports a video from its card into the unplayable-video reports (ADR 046). The earned mark
 * after a credited watch is checked in videos.spec.ts, where a member watches to the end.
 */
test("the feed counts today's sessions, orders by most watched and reports a video", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await freshMember(page, baseURL as string, "feedme");
  await open(page, "/feed");
  await expect(page.getByTestId("feed-today")).toHaveText("0 of 200 today");

  // Most watched first: the server's order, page by page; the address keeps it.
  await page.getByLabel("Order").selectOption("watched");
  await expect(page).toHaveURL(/[?&]sort=watched/);
  const feed = await getJson<{
    boosted: { id: string }[];
    videos: { id: string; title: string; watchedCount: number }[];
  }>(page, "/api/videos?sort=watched");
  const counts = feed.videos.map((v) => v.watchedCount);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  const top = feed.videos[0];
  expect(top).toBeTruthy();
  const cards = page.getByTestId("video-card");
  await expect(cards.nth(feed.boosted.length)).toContainText(top?.title ?? "");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Report this video: a confirmation, then the report is recorded (once per member).
  const card = cards.filter({ hasText: top?.title ?? "" }).first();
  await card.getByRole("button", { name: `Report this video: ${top?.title}` }).click();
  const dialog = page.getByRole("dialog", { name: "Report this video?" });
  await expect(dialog).toContainText("does not play for you");
  await dialog.getByRole("button", { name: "Report video" }).click();
  await expect(page.getByText("Thanks for the report")).toBeVisible();
  await expect(dialog).toBeHidden();

  // In Portuguese, the same page after a reload, still most watched first.
  await page
    .getByRole("button", { name: /Switch to Brazilian Portuguese/ })
    .first()
    .click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.reload();
  await expect(page.getByLabel("Ordem")).toHaveValue("watched");
  await expect(page.getByRole("option", { name: "Mais assistidos" })).toBeAttached();
  await expect(page.getByTestId("feed-today")).toHaveText("0 de 200 hoje");
  // The reported video pays this member nothing, so it leaves their feed (ADR 064).
  await expect(cards.first().getByRole("button", { name: /^Denunciar este vídeo/ })).toBeVisible();
  await expect(cards.filter({ hasText: top?.title ?? "" })).toHaveCount(0);
  expect(await hasNoHorizontalOverflow(page)).toBe(true);
});
