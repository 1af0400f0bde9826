import { test as base, expect, type Page } from "@playwright/test";

/** Fails a journey on any console error or uncaught page error (CSP violations included). */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      // Failed requests are judged by the response listener below, with their URL.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(`console: ${message.text()}`);
      }
    });
    page.on("response", (response) => {
      const url = new URL(response.url());
      const expectedMiss = url.pathname === "/api/auth/get-session";
      if (response.status() >= 500 || (response.status() === 404 && !expectedMiss)) {
        problems.push(`HTTP ${response.status()} ${url.pathname}`);
      }
    });
    await page.addInitScript(() => {
      // Start every journey in English, light theme, whatever the machine's defaults.
      if (!localStorage.getItem("e2e-init")) {
        localStorage.setItem("e2e-init", "1");
        localStorage.setItem("vv-lang", "en");
        localStorage.setItem("vv-theme", "light");
      }
    });
    await use(page);
    expect(problems, "the page logged errors").toEqual([]);
  },
});

export { expect };

/** Opens a path and waits until React has adopted the page (the landing page arrives prerendered). */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/** True when the page has no horizontal scroll (nothing overflows the viewport). */
export async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
