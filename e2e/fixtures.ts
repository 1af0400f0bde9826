import { randomInt } from "node:crypto";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  test as base,
  expect,
  type Page,
} from "@playwright/test";
import axe from "axe-core";

/**
 * A client address of its own for each browser context. The journeys' server trusts the proxy
 * header (TRUST_PROXY in e2e/server.mjs) and keys its rate limits on the address, so one
 * journey never spends another's sign-in budget (5 a minute per address).
 */
export function clientAddress(): Record<string, string> {
  return { "x-forwarded-for": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

/**
 * A device of its own for each browser context, as each has its own address: every context of
 * one Chromium on one machine has the same fingerprint, so over a run every journey's member
 * would look like one phone shared by dozens of accounts (the fraud queue's device signal, ADR
 * 071). Each context reports its own number of CPU cores, which the fingerprint hashes.
 */
function ownDevice(cores: number) {
  Object.defineProperty(Navigator.prototype, "hardwareConcurrency", {
    configurable: true,
    get: () => cores,
  });
}

/** The init scripts of a journey's browser context: its own device, English and light first. */
async function initContext(context: BrowserContext): Promise<void> {
  await context.addInitScript(ownDevice, randomInt(3, 1_000_000));
  await context.addInitScript(startInEnglishLight);
}

/**
 * Runs in every page before its scripts: the first page of a browser starts in English, light
 * theme, whatever the machine's defaults; a journey's own later choice is kept.
 */
function startInEnglishLight() {
  try {
    if (!localStorage.getItem("e2e-init")) {
      localStorage.setItem("e2e-init", "1");
      localStorage.setItem("vv-lang", "en");
      localStorage.setItem("vv-theme", "light");
    }
  } catch {
    // Frames without storage (the embedded player).
  }
}

/** Fails a journey on any console error or uncaught page error (CSP violations included). */
export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    await page.context().setExtraHTTPHeaders(clientAddress());
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
      // No session yet, and the not-found page (its document comes with status 404).
      const expectedMiss =
        url.pathname === "/api/auth/get-session" ||
        response.request().resourceType() === "document";
      if (response.status() >= 500 || (response.status() === 404 && !expectedMiss)) {
        problems.push(`HTTP ${response.status()} ${url.pathname}`);
      }
    });
    await initContext(page.context());
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

/** A second member in a browser context of their own (own address, English, light theme). */
export async function memberContext(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...options, extraHTTPHeaders: clientAddress() });
  await initContext(context);
  return { page: await context.newPage(), close: () => context.close() };
}

/** Fills and sends the Sign In form; the caller asserts where it lands. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/auth");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** Signs a member in and waits for the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard/);
}

/**
 * Moves the server clock (test mode) just past the next opening of a date nobody won yet: today's
 * when it is still to come, tomorrow's when today's prize is already taken.
 */
export async function openDailyClaim(request: APIRequestContext) {
  const state = (await (await request.get("/api/events")).json()) as {
    now: string;
    daily: { open: boolean; opensAt: string; nextOpensAt: string; winner: unknown };
  };
  if (state.daily.open && !state.daily.winner) return;
  const target = state.daily.winner ? state.daily.nextOpensAt : state.daily.opensAt;
  const advanceMs = new Date(target).getTime() - new Date(state.now).getTime() + 2_000;
  const moved = await request.post("/api/test/clock", { data: { advanceMs } });
  expect(moved.ok()).toBe(true);
}

/** GET a JSON document with the page's session; fails the journey on an error status. */
export async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `GET ${path}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * A new member (username `<prefix>_<stamp>`, e-mail `<prefix>-<stamp>@example.com`), signed up
 * over the API, confirmed through the development mailbox and signed in by the link.
 */
export async function freshMember(page: Page, baseURL: string, prefix: string) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
  const member = {
    username: `${prefix}_${stamp}`,
    email: `${prefix}-${stamp}@example.com`,
    password: `Vv-${prefix}-${stamp}`,
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
      const { messages } = await getJson<{ messages: { to: string; text: string }[] }>(
        page,
        "/api/dev/mailbox",
      );
      link = messages.find((m) => m.to === member.email)?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      return link;
    })
    .not.toBe("");
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard/);
  return member;
}

/** axe-core's browser bundle, evaluated into a page on demand (CDP evaluation: the CSP stays). */
const AXE_SOURCE = axe.source;

/** What axe checks: WCAG 2.0–2.2 A and AA, and its best practices (ADR 035). */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * The rules whose result depends on the colours: all a second theme can change (the markup,
 * names and roles are the same in both themes, checked in full in the first).
 */
export const AXE_COLOUR_RULES = ["color-contrast", "link-in-text-block"];

type AxeViolation = { id: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core on the page as it stands (after its finite animations settle) and returns the
 * serious and critical violations, each with the elements it found them on.
 */
export async function seriousA11yViolations(
  page: Page,
  { rules }: { rules?: string[] } = {},
): Promise<AxeViolation[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, rules }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe's global, injected above.
      const axe = (window as any).axe;
      const results = await axe.run(document, {
        runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: tags },
        resultTypes: ["violations"],
        // The embedded player is YouTube's document, not ours (its frame's title is checked).
        iframes: false,
      });
      return (
        results.violations as Array<{
          id: string;
          impact: string | null;
          help: string;
          nodes: Array<{ target: unknown[] }>;
        }>
      )
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          targets: v.nodes.slice(0, 5).map((node) => node.target.map(String).join(" ")),
        }));
    },
    { tags: AXE_TAGS, rules },
  );
}

/** No serious or critical axe violation on the page as it stands (a soft check: all are listed). */
export async function expectAccessible(
  page: Page,
  where: string,
  options: { rules?: string[] } = {},
): Promise<void> {
  expect.soft(await seriousA11yViolations(page, options), `axe: ${where}`).toEqual([]);
}
