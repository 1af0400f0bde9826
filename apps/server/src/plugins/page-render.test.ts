import type { FastifyRequest } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { PageData } from "./page-data";
import {
  type PageRenderer,
  renderMemberPage,
  requestTimeZone,
  withRenderedPage,
} from "./page-render";

/** A built index.html's parts that the rendered page changes. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-b2.css">
    <link rel="modulepreload" crossorigin href="/assets/boot-c3.js" data-boot>
    <link rel="modulepreload" crossorigin href="/assets/react-d4.js" data-boot>
  <link rel="modulepreload" crossorigin href="/assets/feed-page-e5.js" /></head>
  <body>
    <div id="root"></div>
    <div id="vv-shell" aria-hidden="true"><div class="vv-bar"></div></div>
    <!-- /vv-shell -->
  </body>
</html>`;

describe("a member page rendered by the server (ADR 084)", () => {
  const page = { markup: "<main>Olá</main>", locale: "pt-BR" as const, now: 1_700_000_000_000 };

  it("puts the markup in #root with what the browser adopts it with, and drops the shell", () => {
    const html = withRenderedPage(INDEX_HTML, { ...page, timeZone: "America/Sao_Paulo" });
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain(
      '<div id="root" data-rendered="pt-BR" data-tz="America/Sao_Paulo" data-at="1700000000000"',
    );
    expect(html).toContain("><main>Olá</main></div>");
    expect(html).not.toContain("vv-shell");
    // The entry script and the styles stay in the head.
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-a1.js">');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b2.css">');
  });

  it("lists the app's code for after the first paint instead of preloading it in the head", () => {
    const html = withRenderedPage(INDEX_HTML, { ...page, timeZone: "UTC" });
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      'data-code="/assets/boot-c3.js /assets/react-d4.js /assets/feed-page-e5.js"',
    );
  });

  it("renders dates in the zone the browser told, or UTC for anything else", () => {
    expect(requestTimeZone("vv-lang=en; vv-tz=America%2FSao_Paulo")).toBe("America/Sao_Paulo");
    expect(requestTimeZone("vv-tz=Europe/Lisbon; a=b")).toBe("Europe/Lisbon");
    expect(requestTimeZone(undefined)).toBe("UTC");
    expect(requestTimeZone("vv-tz=Mars%2FOlympus")).toBe("UTC");
    expect(requestTimeZone('vv-tz="><script>')).toBe("UTC");
    expect(requestTimeZone("vv-tz=%E0%A4%A")).toBe("UTC");
  });
});

describe("which documents the server renders (ADR 084)", () => {
  const member: PageData = { personal: true, reads: { "/api/me": { id: "m1" } }, thumbnails: [] };
  const request = (url: string) =>
    ({
      url,
      headers: { cookie: "vv.session_token=x; vv-tz=Asia%2FTokyo" },
      protocol: "https",
      host: "viewvault.example",
      log: { warn: vi.fn() },
    }) as unknown as FastifyRequest;

  it("a member's page with first reads of its own, from their reads, zone and address", async () => {
    const render = vi.fn<PageRenderer>(async () => "<main>ok</main>");
    const page = await renderMemberPage(render, member, request("/feed"), "en");
    expect(page).toMatchObject({ markup: "<main>ok</main>", locale: "en", timeZone: "Asia/Tokyo" });
    expect(render.mock.calls[0]?.[0]).toMatchObject({
      url: "/feed",
      locale: "en",
      reads: member.reads,
      timeZone: "Asia/Tokyo",
      origin: "https://viewvault.example",
    });
  });

  it("never a visitor's document, a page without its own reads, or one with a query", async () => {
    const render = vi.fn<PageRenderer>(async () => "<main>ok</main>");
    const visitor: PageData = { personal: false, reads: {}, thumbnails: [] };
    expect(await renderMemberPage(render, visitor, request("/feed"), "en")).toBeUndefined();
    expect(await renderMemberPage(render, member, request("/settings"), "en")).toBeUndefined();
    expect(
      await renderMemberPage(render, member, request("/feed?sort=watched"), "en"),
    ).toBeUndefined();
    expect(await renderMemberPage(undefined, member, request("/feed"), "en")).toBeUndefined();
    expect(render).not.toHaveBeenCalled();
  });

  it("a render that fails, or whose markup holds a script, leaves the page to the browser", async () => {
    const failing = vi.fn<PageRenderer>(async () => {
      throw new Error("boom");
    });
    const scripted = vi.fn<PageRenderer>(async () => "<main><script>x</script></main>");
    const asked = request("/dashboard");
    expect(await renderMemberPage(failing, member, asked, "en")).toBeUndefined();
    expect(await renderMemberPage(scripted, member, asked, "en")).toBeUndefined();
    expect(asked.log.warn).toHaveBeenCalledTimes(2);
  });
});
