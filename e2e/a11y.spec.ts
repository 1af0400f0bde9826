import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { DOCUMENT_SLUGS } from "@viewvault/shared";
import {
  AXE_COLOUR_RULES,
  clientAddress,
  expect,
  expectAccessible,
  open,
  signIn,
  test,
} from "./fixtures";
import { signInStaff } from "./staff";

/**
 * Accessibility (ADR 035). axe-core finds no serious or critical violation on any page, in both
 * themes, and on the main pages in both languages, with menus and dialogs checked open; the
 * money flow works by keyboard alone with focus always visible, dialogs trapping focus and
 * giving it back; reduced motion stops the animations. The page sweep reuses one signed-in
 * member (demo, read-only here) through a saved session; the keyboard and reduced-motion
 * journeys use fresh members funded with views by demo.
 */

const DEMO = { email: "demo@viewvault.local", password: "demo-password-1", username: "demo" };
const MEMBER_STATE = path.join(tmpdir(), `vv-e2e-a11y-member-${process.env.E2E_PORT ?? 3100}.json`);

type Theme = "light" | "dark";

/** Waits for the page's data: nothing left loading in the main content. */
async function settled(page: Page) {
  await expect(page.locator("main [aria-busy='true']")).toHaveCount(0);
  // Spinners and skeletons (any language).
  await expect(page.locator("main .animate-spin, main .animate-pulse")).toHaveCount(0);
}

async function currentTheme(page: Page): Promise<Theme> {
  return page.evaluate(() =>
    document.documentElement.classList.contains("dark") ? "dark" : "light",
  );
}

/** Switches the theme with the top bar's toggle, as a member does. */
async function toggleTheme(page: Page): Promise<Theme> {
  const next: Theme = (await currentTheme(page)) === "dark" ? "light" : "dark";
  const name = {
    dark: /^(Switch to dark theme|Mudar para o tema escuro)$/,
    light: /^(Switch to light theme|Mudar para o tema claro)$/,
  }[next];
  await page.getByRole("button", { name }).click();
  await expect.poll(() => currentTheme(page)).toBe(next);
  return next;
}

/** Switches the language with the top bar's switch. */
async function chooseLanguage(page: Page, language: "en" | "pt-BR") {
  const name = language === "en" ? /Switch to English/ : /Switch to Brazilian Portuguese/;
  await page.getByRole("button", { name }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/**
 * Goes to a path inside the app as its links do (history push, no reload: the sweep stays
 * quick), then waits for the new page's heading and data.
 */
async function go(page: Page, target: string) {
  const heading = page.getByRole("heading", { level: 1 });
  const before = await heading.allTextContents();
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, target);
  await expect.poll(() => heading.allTextContents(), `the page at ${target}`).not.toEqual(before);
  await settled(page);
}

/** Checks the page in full in the theme it shows, then its colours in the other theme. */
async function checkBothThemes(page: Page, where: string) {
  await expectAccessible(page, `${where} (${await currentTheme(page)})`);
  const theme = await toggleTheme(page);
  await expectAccessible(page, `${where} (${theme})`, { rules: AXE_COLOUR_RULES });
}

/** Every path, in both themes: the first one loaded, the others reached inside the app. */
async function sweep(page: Page, paths: string[], label = "en") {
  for (const [i, target] of paths.entries()) {
    if (i === 0) {
      await open(page, target);
      await settled(page);
    } else {
      await go(page, target);
    }
    await checkBothThemes(page, `${target}, ${label}`);
  }
}

/** Each tab of the page's tab list, chosen as a member does, in both themes. */
async function sweepTabs(page: Page, where: string) {
  const tabs = page.getByRole("main").getByRole("tab");
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel")).toBeVisible();
    await settled(page);
    await checkBothThemes(page, `${where}, tab ${(await tab.textContent())?.trim()}`);
  }
}

/** Presses Tab until `target` has the focus, checking each stop shows it. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  if (await target.evaluate((element) => element === document.activeElement)) return;
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    // Past the last element the focus leaves the page for the browser's own controls (the
    // document reports <body>); the next Tab comes back to the top.
    await expectFocusVisible(page, { allowNone: true });
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} not reached by keyboard`);
}

/** The focused element shows it: an outline or a ring (box shadow) drawn while it has focus. */
async function expectFocusVisible(page: Page, { allowNone = false } = {}) {
  const shown = await page.evaluate((allowNone) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return allowNone ? "" : "nothing focused";
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none" && style.boxShadow !== "";
    // Menu items show focus by their highlighted background (Radix moves focus onto them).
    const highlighted = element.hasAttribute("data-highlighted");
    return outline || ring || highlighted ? "" : element.outerHTML.slice(0, 160);
  }, allowNone);
  expect(shown, "the focused element shows its focus").toBe("");
}

/** A new member, confirmed by the development mailbox's link, funded with views by demo. */
async function fundedMember(browser: Browser, baseURL: string, views: number) {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
  const member = {
    username: `kb_${stamp}`,
    email: `kb-${stamp}@example.com`,
    password: `Vv-kb-${stamp}`,
  };
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: clientAddress() });
  const request: APIRequestContext = context.request;
  const headers = { origin: baseURL };
  try {
    const signUp = await request.post("/api/auth/sign-up/email", {
      headers,
      data: { ...member, name: member.username, callbackURL: "/dashboard" },
    });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    let link = "";
    await expect
      .poll(async () => {
        const body = (await (await request.get("/api/dev/mailbox")).json()) as {
          messages: { to: string; text: string }[];
        };
        link =
          body.messages.find((m) => m.to === member.email)?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
        return link;
      })
      .not.toBe("");
    expect((await request.get(link)).ok()).toBe(true);
    await context.clearCookies();
    const demo = await request.post("/api/auth/sign-in/email", {
      headers,
      data: { email: DEMO.email, password: DEMO.password },
    });
    expect(demo.ok(), await demo.text()).toBe(true);
    const sent = await request.post("/api/transfers", {
      headers,
      data: { recipient: member.username, transferType: "VIEWS", amount: String(views) },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  } finally {
    await context.close();
  }
  return member;
}

/**
 * Animations and transitions running now that last longer than a millisecond (reduced motion
 * cuts them to 0.01 ms), loading spinners aside.
 */
async function runningAnimations(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    document
      .getAnimations()
      .filter((animation) => {
        const effect = animation.effect as KeyframeEffect | null;
        const target = effect?.target;
        const duration = Number(effect?.getComputedTiming().activeDuration ?? 0);
        return (
          animation.playState === "running" && duration > 1 && !target?.closest(".animate-spin")
        );
      })
      .map((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return `${(animation as CSSAnimation).animationName ?? "transition"} on ${target?.getAttribute("class")}`;
      }),
  );
}

test.describe("desktop", { tag: "@desktop" }, () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, extraHTTPHeaders: clientAddress() });
    const signedIn = await context.request.post("/api/auth/sign-in/email", {
      headers: { origin: baseURL as string },
      data: { email: DEMO.email, password: DEMO.password },
    });
    expect(signedIn.ok(), await signedIn.text()).toBe(true);
    await context.storageState({ path: MEMBER_STATE });
    await context.close();
  });

  test("public pages in both themes, main ones in both languages", async ({ page }) => {
    test.setTimeout(240_000);
    await sweep(page, [
      "/",
      "/auth",
      "/auth/reset-password",
      "/feed",
      "/fairness",
      "/reserves",
      "/dev/mailbox",
      "/no-such-page-here",
      ...DOCUMENT_SLUGS.map((slug) => `/${slug}`),
    ]);
    await open(page, "/");
    await chooseLanguage(page, "pt-BR");
    await sweep(page, ["/", "/auth", "/help"], "pt-BR");
  });

  test.describe("signed in as a member", () => {
    test.use({ storageState: MEMBER_STATE });

    test("member pages in both themes, main ones in both languages", async ({ page }) => {
      test.setTimeout(240_000);
      await open(page, "/feed");
      const watch = await page.locator("main a[href^='/watch/']").first().getAttribute("href");
      expect(watch, "a video to watch").toBeTruthy();
      await sweep(page, [
        "/dashboard",
        "/feed",
        watch as string,
        "/add-video",
        "/swap",
        "/transfer",
        "/withdraw",
        "/support",
        "/activity",
        "/notifications",
        "/referrals",
        "/events",
        "/marketplace",
        "/ranking",
        "/reserves",
        `/@${DEMO.username}`,
        "/settings",
      ]);
      await sweepTabs(page, "/settings");
      await chooseLanguage(page, "pt-BR");
      await sweep(page, ["/dashboard", "/transfer", "/feed", "/notifications"], "pt-BR");
    });

    test("menus and the transfer dialog, open, in both themes", async ({ page }) => {
      test.setTimeout(60_000);
      await open(page, "/transfer");
      const form = page.getByRole("form", { name: "Send a transfer" });
      await form.getByLabel("Currency").selectOption("VIEWS");
      await form.getByLabel("Recipient (username or ID)").fill("alice");
      await expect(form.getByText("Recipient found")).toBeVisible();
      await form.getByLabel("Amount").fill("100");
      for (let i = 0; i < 2; i++) {
        const theme = i === 0 ? await currentTheme(page) : await toggleTheme(page);
        await page.getByRole("button", { name: "Open menu" }).click();
        await expect(page.getByRole("menu")).toBeVisible();
        await expectAccessible(page, `site menu (${theme})`);
        await page.keyboard.press("Escape");

        await page.getByRole("button", { name: `Account menu of ${DEMO.username}` }).click();
        await expect(page.getByRole("menu")).toBeVisible();
        await expectAccessible(page, `account menu (${theme})`);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("menu")).toBeHidden();

        await form.getByRole("button", { name: "Review transfer" }).click();
        await expect(page.getByRole("dialog", { name: "Confirm transfer" })).toBeVisible();
        await expectAccessible(page, `transfer confirmation (${theme})`);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toBeHidden();
      }
    });
  });

  test("support desk and admin console, signed in as staff, in both themes", async ({ page }) => {
    test.setTimeout(240_000);
    await signInStaff(page, "admin");
    await open(page, "/support");
    await page.getByLabel("Password").fill("admin-password-1");
    await page.getByRole("button", { name: "Unlock" }).click();
    await expect(page.getByText("Access Granted")).toBeVisible();
    await open(page, "/admin?tab=members");
    const member = page.getByRole("link", { name: "Open alice" });
    await expect(member).toBeVisible();
    const memberPath = (await member.getAttribute("href")) as string;
    await sweep(page, ["/support", memberPath, "/admin"]);
    await sweepTabs(page, "/admin");
    await chooseLanguage(page, "pt-BR");
    await sweep(page, ["/admin", "/support"], "pt-BR");
  });

  test("keyboard only: sign in, menus, a confirmed transfer, Escape closes", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const member = await fundedMember(browser, baseURL as string, 100);

    // The skip link comes first and moves the focus to the content; then to Sign in, and the
    // form sent with Enter.
    await open(page, "/");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
    await expectFocusVisible(page);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
    await tabTo(page, page.getByRole("banner").getByRole("link", { name: "Sign in" }), {
      back: true,
    });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/auth$/);
    await tabTo(page, page.getByLabel("E-mail"));
    await page.keyboard.type(member.email);
    await tabTo(page, page.getByLabel("Password", { exact: true }));
    await page.keyboard.type(member.password);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard/);
    await settled(page);

    // The site menu and the account menu: open with Enter, move with arrows, Escape gives the
    // focus back to the button that opened them.
    const siteMenu = page.getByRole("button", { name: "Open menu" });
    await tabTo(page, siteMenu);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expectFocusVisible(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(siteMenu).toBeFocused();

    const accountMenu = page.getByRole("button", { name: `Account menu of ${member.username}` });
    await tabTo(page, accountMenu);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem").nth(1)).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(accountMenu).toBeFocused();

    // To the transfer page by the dashboard's link.
    await tabTo(page, page.getByRole("main").getByRole("link", { name: "Transfer", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/transfer$/);
    const form = page.getByRole("form", { name: "Send a transfer" });
    const currency = form.getByLabel("Currency");
    await tabTo(page, currency);
    for (let i = 0; i < 3 && (await currency.inputValue()) !== "VIEWS"; i++) {
      await page.keyboard.press("ArrowDown");
    }
    await expect(currency).toHaveValue("VIEWS");
    await tabTo(page, form.getByLabel("Recipient (username or ID)"));
    await page.keyboard.type(DEMO.username);
    await expect(form.getByText("Recipient found")).toBeVisible();
    await tabTo(page, form.getByLabel("Amount"));
    await page.keyboard.type("100");
    const review = form.getByRole("button", { name: "Review transfer" });
    await tabTo(page, review);

    // The confirmation dialog: focus moves in, Escape closes it and gives the focus back.
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Confirm transfer" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(review).toBeFocused();

    // Again: Tab and Shift+Tab stay inside the dialog; Enter on the confirm button sends.
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press(i < 4 ? "Tab" : "Shift+Tab");
      expect(
        await dialog.evaluate((d) => d.contains(document.activeElement)),
        "focus stays in the dialog",
      ).toBe(true);
      await expectFocusVisible(page);
    }
    await tabTo(page, dialog.getByRole("button", { name: "Confirm and send" }), { max: 10 });
    await page.keyboard.press("Enter");
    await expect(page.getByText("Transfer Completed!")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("balance-views")).toHaveText("0");
    // The focus is back on the page, not lost on <body>.
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
  });

  test("reduced motion: menus and the mystery box open without animation; the rule covers the rest", async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const member = await fundedMember(browser, baseURL as string, 100);
    await signIn(page, member.email, member.password);
    await settled(page);

    // Without a preference, the menu fades in: the check below can see an animation.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect((await runningAnimations(page)).length).toBeGreaterThan(0);
    await page.keyboard.press("Escape");

    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await runningAnimations(page)).toEqual([]);
    await page.keyboard.press("Escape");

    // The mystery box: no shaking while it opens, no pop when the item shows.
    const box = page.getByRole("region", { name: "Mystery Box" });
    await box.getByRole("button", { name: "Open box · 100 views" }).click();
    expect(await runningAnimations(page)).toEqual([]);
    const reveal = page.getByRole("dialog");
    await expect(reveal).toBeVisible();
    expect(await runningAnimations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(reveal).toBeHidden();

    // Skeletons, the wallet shine and toasts: the theme's rule ends every animation and
    // transition at once (measured on the rule's own targets).
    const durations = await page.evaluate(() => {
      const probe = document.createElement("div");
      probe.className = "animate-pulse transition-colors";
      document.body.append(probe);
      const style = getComputedStyle(probe);
      const result = [style.animationDuration, style.transitionDuration];
      probe.remove();
      return result;
    });
    expect(durations.map((d) => Number.parseFloat(d))).toEqual([0.00001, 0.00001]);
  });
});

test.describe("phone", { tag: "@phone" }, () => {
  test("main pages on a phone, both themes", async ({ page }) => {
    test.setTimeout(90_000);
    await sweep(page, ["/", "/auth", "/feed", "/help"]);
    await signIn(page, DEMO.email, DEMO.password);
    await sweep(page, ["/dashboard", "/transfer"]);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await expectAccessible(page, "site menu on a phone");
  });
});
