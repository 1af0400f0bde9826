import type { Page } from "@playwright/test";
import { expect, open, signIn, test } from "./fixtures";

// Field data (ADR 066): pages loaded in Chromium send their web vitals with sendBeacon when they
// are left, and the server keeps them as Prometheus histograms by route pattern and language.
const METRICS_TOKEN = process.env.METRICS_TOKEN ?? "e2e-metrics-token-0123456789abcdef";

/**
 * Waits until the page has loaded web-vitals (it comes after the app, when the page is idle), then
 * gives its observers a moment to report the buffered entries: a page left before that sends
 * nothing, as a visit of a second would not.
 */
async function vitalsObserved(page: Page) {
  await page.waitForFunction(() =>
    performance
      .getEntriesByType("resource")
      .some((entry) => /\/web-vitals\.attribution-[^/]+\.js$/.test(entry.name)),
  );
  await page.waitForTimeout(2_000);
}

test("pages send their web vitals; /api/metrics keeps them by route and language", async ({
  page,
  request,
}) => {
  // Signed out, in English: the landing page, then the feed (a new document each: leaving one
  // sends its beacon).
  await open(page, "/");
  await vitalsObserved(page);
  await open(page, "/feed");
  await vitalsObserved(page);
  // Signed in, in Brazilian Portuguese: the dashboard.
  await signIn(page, "demo@viewvault.local", "demo-password-1");
  await page.evaluate(() => localStorage.setItem("vv-lang", "pt-BR"));
  await open(page, "/dashboard");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await vitalsObserved(page);
  await open(page, "/privacy-policy");

  const scrape = async () => {
    const res = await request.get("/api/metrics", {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(res.status()).toBe(200);
    return res.text();
  };
  await expect
    .poll(scrape, { timeout: 15_000 })
    .toMatch(/vv_web_vital_seconds_count\{metric="FCP",route="\/feed",lang="en"\} [1-9]/);
  const text = await scrape();
  expect(text).toMatch(/vv_web_vital_seconds_count\{metric="TTFB",route="\/",lang="en"\} [1-9]/);
  expect(text).toMatch(/vv_web_vital_seconds_count\{metric="LCP",route="\/feed",lang="en"\} [1-9]/);
  expect(text).toMatch(
    /vv_web_vital_seconds_count\{metric="FCP",route="\/dashboard",lang="pt-BR"\} [1-9]/,
  );
  expect(text).toMatch(/vv_web_vital_cls_count\{route="\/dashboard",lang="pt-BR"\} [1-9]/);
  // Bounded labels: route patterns only, never a raw URL or an id.
  for (const [, route] of text.matchAll(/vv_web_vital_\w+\{[^}]*route="([^"]+)"/g)) {
    expect(route).not.toMatch(/[0-9a-f]{8}-/);
  }
});
