import { expect, freshMember, memberContext, open, test } from "./fixtures";

/**
 * Member pages arrive with their first screen rendered by the server from the member's own data
 * (ADR 084): each member's document holds their own page and nothing of another's, a visitor's
 * holds no page at all, and the browser adopts the markup (no error, buttons work) in the
 * member's language.
 */
test("a member page arrives rendered with its own member's data only, and the browser adopts it", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(120_000);
  const ana = await freshMember(page, baseURL as string, "ssrana");
  const other = await memberContext(browser, { baseURL });
  const bia = await freshMember(other.page, baseURL as string, "ssrbia");

  for (const path of ["/dashboard", "/withdraw", "/marketplace", "/feed"]) {
    for (const [who, me, them] of [
      [page, ana, bia],
      [other.page, bia, ana],
    ] as const) {
      const answer = await who.request.get(path, { headers: { accept: "text/html" } });
      expect(answer.status()).toBe(200);
      expect(answer.headers()["cache-control"]).toBe("private, no-store");
      const html = await answer.text();
      const root = html.slice(html.indexOf('<div id="root"'));
      expect(root, `${path} is rendered`).toMatch(/^<div id="root" data-rendered="en"/);
      expect(html).not.toContain(them.username);
      expect(html).not.toContain(them.email);
      if (path === "/dashboard") expect(root).toContain(`Hello, ${me.username}!`);
    }
    const visitor = await playwright.request.newContext({ baseURL });
    const signedOut = await (await visitor.get(path, { headers: { accept: "text/html" } })).text();
    expect(signedOut).toContain('<div id="root"></div>');
    expect(signedOut).not.toContain(ana.username);
    expect(signedOut).not.toContain(bia.username);
    await visitor.dispose();
  }
  await other.close();

  // The browser adopts the markup: no error (the fixture fails on any), and its buttons work.
  await open(page, "/dashboard");
  await expect(page.locator("#root")).toHaveAttribute("data-rendered", "en");
  await page.getByRole("tab", { name: "Referral System" }).click();
  await expect(page).toHaveURL(/tab=referrals/);

  // In Brazilian Portuguese, the language the member chose.
  await page.context().addCookies([{ name: "vv-lang", value: "pt-BR", url: baseURL as string }]);
  await page.evaluate(() => localStorage.setItem("vv-lang", "pt-BR"));
  const ptAnswer = await page.request.get("/dashboard", { headers: { accept: "text/html" } });
  const ptHtml = await ptAnswer.text();
  expect(ptHtml).toContain('<html lang="pt-BR"');
  expect(ptHtml).toContain(`Olá, ${ana.username}!`);
  await open(page, "/dashboard");
  await expect(page.locator("#root")).toHaveAttribute("data-rendered", "pt-BR");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Olá, ${ana.username}!`);
});
