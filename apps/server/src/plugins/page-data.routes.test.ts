import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inlineKey } from "@viewvault/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createSignedInMember, type SignedInMember } from "../../test/factories";
import { pageReads, withPageData } from "./page-data";

/** A built index.html as Vite writes one (the module script in the head, an empty root). */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head><title>ViewVault</title><script type="module" crossorigin src="/assets/index.js"></script></head>
  <body><div id="root"></div></body>
</html>`;

/** The JSON block a document carries, parsed; undefined without one. */
function inlined(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="vv-data">([\s\S]*?)<\/script>/.exec(html);
  return match?.[1] ? (JSON.parse(match[1]) as Record<string, unknown>) : undefined;
}

describe("member pages carry their member's first data, and only theirs (ADR 065)", () => {
  let t: TestApp;
  let dist: string;
  let ana: SignedInMember;
  let bia: SignedInMember;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "vv-page-data-"));
    writeFileSync(path.join(dist, "index.html"), INDEX_HTML);
    t = await createTestApp({ env: { WEB_DIST: dist } });
    ana = await createSignedInMember(t.app, { views: 1234n });
    bia = await createSignedInMember(t.app, { views: 98765n });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string, who?: SignedInMember) =>
    who
      ? who.c.request("GET", url, undefined, { accept: "text/html" })
      : t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });

  it.each(["/dashboard", "/feed", "/withdraw", "/marketplace"])(
    "%s: each member gets their own data, a visitor none; nothing a shared cache may keep",
    async (url) => {
      const [forAna, forBia, forNobody] = await Promise.all([
        page(url, ana),
        page(url, bia),
        page(url),
      ]);
      for (const [answer, me, other] of [
        [forAna, ana, bia],
        [forBia, bia, ana],
      ] as const) {
        expect(answer.statusCode).toBe(200);
        expect(answer.headers["cache-control"]).toBe("private, no-store");
        expect(answer.headers.vary).toMatch(/Cookie/);
        const data = inlined(answer.body);
        expect(data?.["/api/me"]).toMatchObject({ profile: { id: me.id } });
        expect(data?.["/api/auth/get-session"]).toMatchObject({ user: { id: me.me.user.id } });
        expect(data?.["/api/balances"]).toMatchObject({
          views: me === ana ? "1234" : "98765",
        });
        // Nothing of the other member anywhere in the document.
        expect(answer.body).not.toContain(other.id);
        expect(answer.body).not.toContain(other.me.user.id);
        expect(answer.body).not.toContain(other.user.username);
        expect(answer.body).not.toContain(other.user.email);
      }
      expect(forNobody.statusCode).toBe(200);
      // A visitor's document only says that nobody is signed in.
      expect(inlined(forNobody.body)).toEqual({ "/api/auth/get-session": null });
      expect(forNobody.headers["cache-control"]).toBe("no-cache");
      expect(forNobody.headers.vary).toMatch(/Cookie/);
    },
  );

  it("the feed's document holds the feed and the member's watch day", async () => {
    const data = inlined((await page("/feed", ana)).body);
    expect(Object.keys(data ?? {})).toEqual(
      expect.arrayContaining([inlineKey("/api/videos?country=ALL&theme=ALL&sort=newest")]),
    );
    expect(data?.["/api/watch/today"]).toBeDefined();
  });

  it("a forged or expired session cookie gets the plain document", async () => {
    const answer = await t.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { accept: "text/html", cookie: "vv.session_token=forged.signature" },
    });
    expect(answer.statusCode).toBe(200);
    expect(inlined(answer.body)).toEqual({ "/api/auth/get-session": null });
    expect(answer.headers["cache-control"]).toBe("no-cache");
  });

  it("a value cannot close the JSON block, and the document keeps index.html's scripts", () => {
    const html = withPageData(INDEX_HTML, {
      personal: true,
      reads: { "/api/me": { name: "</script><script>alert(1)</script>\u2028" } },
      thumbnails: ['https://i.ytimg.com/vi/a"b/hqdefault.jpg'],
    });
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(inlined(html)).toEqual({
      "/api/me": { name: "</script><script>alert(1)</script>\u2028" },
    });
    expect(html).toContain('href="https://i.ytimg.com/vi/a&quot;b/hqdefault.jpg"');
  });

  it("reads: who is signed in everywhere, the page's own only without a query string", () => {
    expect(pageReads("/feed")).toContain("/api/watch/today");
    expect(pageReads("/feed?country=BR")).toEqual([
      "/api/auth/get-session",
      "/api/me",
      "/api/balances",
      "/api/notifications/unread",
    ]);
    expect(inlineKey("/api/videos?theme=ALL&country=ALL")).toBe(
      "/api/videos?country=ALL&theme=ALL",
    );
  });
});
