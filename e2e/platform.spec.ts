import { expect, hasNoHorizontalOverflow, open, test } from "./fixtures";

test("landing → menu → policy page → language → theme → not found", async ({ page }) => {
  await open(page, "/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Transform your");
  await expect(page.getByRole("link", { name: /Create Account/ }).first()).toBeVisible();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // The menu has the seeds' three groups; institutional pages open from it.
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByText("Functional")).toBeVisible();
  await expect(menu.getByText("Institutional")).toBeVisible();
  await expect(menu.getByText("Downloads")).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Official PDF documents" })).toHaveAttribute(
    "href",
    /\/api\/documents\/official\.pdf\?lang=en/,
  );
  await menu.getByRole("menuitem", { name: "Withdraw Policy" }).click();
  await expect(page).toHaveURL(/\/withdraw-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Withdraw Policy");
  // Figures come from the shared constants: the minimum withdrawal and processing time.
  await expect(page.getByRole("main")).toContainText("100 USDT");
  await expect(page.getByRole("main")).toContainText("24–48");
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Language switch: Portuguese texts, remembered across a reload.
  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de Saque");
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Política de Saque");
  await expect(page.getByRole("button", { name: /Voltar/ })).toBeVisible();

  // Theme switch, remembered.
  const html = page.locator("html");
  const wasDark = await html.evaluate((el) => el.classList.contains("dark"));
  await page.getByRole("button", { name: wasDark ? /tema claro/i : /tema escuro/i }).click();
  await expect(html).toHaveClass(wasDark ? /^(?!.*\bdark\b)/ : /\bdark\b/);
  await page.reload();
  expect(await html.evaluate((el) => el.classList.contains("dark"))).toBe(!wasDark);

  // Any /@name is a profile lookup: a name no member can have is a member not found (404).
  const impossible = await page.goto("/@some-name-with-hyphens");
  expect(impossible?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { level: 1, name: "Usuário não encontrado" }),
  ).toBeVisible();
  await expect(page.getByText("Ops! Página não encontrada")).toBeHidden();
  expect(await hasNoHorizontalOverflow(page)).toBe(true);

  // Unknown path → not-found page with a way home.
  const missing = await page.goto("/this/does/not/exist");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Ops! Página não encontrada")).toBeVisible();
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the prerendered landing page shows the visitor's year, not its build year", async ({
  page,
}) => {
  // A visitor years after the build: the page is adopted without a hydration error (the
  // fixture fails on any console error) and the footer shows the browser's year.
  const year = new Date().getFullYear() + 5;
  await page.clock.setFixedTime(new Date(`${year}-03-01T12:00:00Z`));
  await open(page, "/");
  await expect(page.getByRole("contentinfo")).toContainText(`© ${year} ViewVault`);
});

test("a language chosen while the landing page is being adopted applies to all of it", async ({
  page,
}) => {
  // A slow phone: React adopts the prerendered markup in passes (the top bar before the page's
  // content), and a switch pressed in between once rendered the content in the other language
  // than its markup (a hydration error). The press waits for the whole page, then applies.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  await page.goto("/", { waitUntil: "commit" });
  await page.getByRole("button", { name: "Switch to Brazilian Portuguese" }).click();
  // At six times slower, adopting the page (its code fetched after the first paint) takes
  // longer than the default wait on a busy machine.
  await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR", { timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true", { timeout: 30_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Transforme seu tempo em valor real",
  );
  await expect(page.getByRole("navigation", { name: "Seções da página" })).toBeVisible();
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
});

test("aliases redirect and the whitepaper PDF downloads", async ({ page, request }) => {
  for (const [alias, target, title] of [
    ["/terms", "/terms-of-use", "Terms of Use"],
    ["/privacy", "/privacy-policy", "Privacy Policy"],
    ["/cookies", "/cookie-policy", "Cookie Policy"],
    ["/about", "/about-us", "About"],
  ] as const) {
    await page.goto(alias);
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  }
  await page.goto("/whitepaper");
  const link = page.getByRole("link", { name: /Download PDF/ });
  const href = await link.getAttribute("href");
  expect(href).toMatch(/\/api\/documents\/whitepaper\.pdf\?lang=en/);
  const pdf = await request.get(href as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("every static page renders in both languages", async ({ page }) => {
  // 34 page loads: on a two-core machine running both shards, more than the default minute.
  test.setTimeout(180_000);
  const slugs = [
    "whitepaper",
    "terms-of-use",
    "privacy-policy",
    "cookie-policy",
    "aml-kyc-policy",
    "risk-disclosure",
    "withdraw-policy",
    "disclaimer",
    "ad-policy",
    "rewards-policy",
    "referral-policy",
    "about-us",
    "contact",
    "help",
    "security",
    "compliance",
    "transparency",
  ];
  for (const lang of ["en", "pt-BR"]) {
    await page.goto("/");
    await page.evaluate((l) => localStorage.setItem("vv-lang", l), lang);
    for (const slug of slugs) {
      await page.goto(`/${slug}`);
      const h1 = page.getByRole("heading", { level: 1 });
      await expect(h1).toBeVisible();
      expect((await h1.textContent())?.trim().length).toBeGreaterThan(3);
      await expect(page.locator("main h2").first()).toBeVisible();
      // No placeholder left unfilled.
      expect(await page.locator("main").textContent()).not.toContain("{{");
    }
  }
});

test("the layout holds at 480, 768 and 1024 px in both themes", async ({ page }) => {
  // Many page loads at three widths: more than the default minute on a busy two-core machine.
  test.setTimeout(180_000);
  for (const theme of ["light", "dark"]) {
    await page.goto("/");
    await page.evaluate((t) => localStorage.setItem("vv-theme", t), theme);
    for (const width of [480, 768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ["/", "/whitepaper", "/help", "/auth", "/no/such/page"]) {
        await page.goto(path);
        await expect(page.locator("footer")).toBeAttached();
        expect(await hasNoHorizontalOverflow(page), `${path} at ${width}px (${theme})`).toBe(true);
      }
    }
  }
});
