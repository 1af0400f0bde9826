import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;

/**
 * Journeys run against the built app (npm run build) on a fresh embedded database, in Debian's
 * Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // Every browser context has its own client address (e2e/fixtures.ts): no journey meets a
  // rate limit left by another. CI allows one retry and the report names any flaky journey.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The production build registers a service worker (ADR 034). Journeys run without it, so
    // each fresh context does not precache the whole app and page.route sees every request;
    // e2e/pwa.spec.ts allows it and checks what it does.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // A journey runs at both widths unless tagged (ADR 081): `@phone` runs only at phone width (the
  // long real-time member journeys, members hold phones), `@desktop` only at desktop width (staff
  // consoles, the full accessibility sweep). Every page's layout is checked at both widths by the
  // layout, platform and accessibility journeys.
  projects: [
    {
      name: "phone",
      grepInvert: /@desktop/,
      use: { viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
    },
    { name: "desktop", grepInvert: /@phone/, use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node e2e/server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // First boot migrates and seeds a fresh database: over a minute on a busy 2-core machine.
    timeout: 180_000,
    env: { PORT: String(port), PUBLIC_URL: baseURL },
  },
});
