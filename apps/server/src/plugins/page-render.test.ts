import { describe, expect, it } from "vitest";
import { requestTimeZone, withRenderedPage } from "./page-render";

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
