import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { memberFactory } from "../../test/factories";

const compressScript = fileURLToPath(new URL("../../../web/scripts/compress.mjs", import.meta.url));
/** A stand-in for the main script: a few KB of code, as compressible as real code. */
const mainScript = Array.from(
  { length: 200 },
  (_, i) => `export const value${i} = (n) => n * ${i} + ${(i * 7919) % 1000};`,
).join("\n");

describe("serving the web app", () => {
  let web: TestApp;
  const dist = mkdtempSync(path.join(tmpdir(), "vv-web-"));
  beforeAll(async () => {
    mkdirSync(path.join(dist, "assets"));
    writeFileSync(
      path.join(dist, "index.html"),
      "<!doctype html><html><head><script>document.documentElement.dataset.t='1'</script></head><body><div id=root></div></body></html>",
    );
    for (const locale of ["en", "pt-BR"]) {
      writeFileSync(
        path.join(dist, `landing.${locale}.html`),
        `<!doctype html><html lang="${locale}"><head><script>document.documentElement.dataset.t='1'</script></head><body><div id=root data-prerendered="${locale}">landing ${locale}</div></body></html>`,
      );
    }
    writeFileSync(path.join(dist, "assets", "index-abc123.js"), mainScript);
    writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {});");
    // The build's own step writes the .br and .gz copies (npm run build in apps/web).
    execFileSync(process.execPath, [compressScript, dist]);
    web = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(() => web.close());

  it("falls back to index.html for client routes", async () => {
    const res = await web.app.inject({
      method: "GET",
      url: "/terms-of-use",
      headers: { accept: "text/html" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toContain("<div id=root>");
    // The inline theme script is allowed by hash, not by 'unsafe-inline'.
    expect(String(res.headers["content-security-policy"])).toMatch(/script-src 'self' 'sha256-/);
  });

  it("sends / prerendered in the language of the vv-lang cookie, else Accept-Language", async () => {
    const landing = async (headers: Record<string, string>) => {
      const res = await web.app.inject({
        method: "GET",
        url: "/",
        headers: { accept: "text/html", ...headers },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(String(res.headers.vary)).toMatch(/Cookie, Accept-Language/);
      return /landing (en|pt-BR)/.exec(res.body)?.[1];
    };
    expect(await landing({})).toBe("en");
    expect(await landing({ "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" })).toBe("pt-BR");
    expect(await landing({ "accept-language": "pt-PT" })).toBe("pt-BR");
    expect(await landing({ "accept-language": "en-US,en;q=0.9,pt;q=0.8" })).toBe("en");
    expect(await landing({ "accept-language": "fr-FR" })).toBe("en");
    expect(await landing({ cookie: "a=1; vv-lang=pt-BR", "accept-language": "en" })).toBe("pt-BR");
    expect(await landing({ cookie: "vv-lang=en", "accept-language": "pt-BR" })).toBe("en");
    expect(await landing({ cookie: "vv-lang=xx", "accept-language": "pt-BR" })).toBe("pt-BR");
    // Other paths keep the empty SPA shell.
    const other = await web.app.inject({
      method: "GET",
      url: "/terms-of-use",
      headers: { accept: "text/html", "accept-language": "pt-BR" },
    });
    expect(other.body).toContain("<div id=root></div>");
  });

  it("answers 404 where the web app shows not found: unknown paths and usernames", async () => {
    const member = await memberFactory.create({}, { transient: { db: web.database.db } });
    const status = async (url: string) =>
      (await web.app.inject({ method: "GET", url, headers: { accept: "text/html" } })).statusCode;
    expect(await status("/feed")).toBe(200);
    expect(await status("/watch/0b6c3a52-7f7e-4a55-9f6a-1c2d3e4f5a6b?x=1")).toBe(200);
    expect(await status("/terms")).toBe(200);
    expect(await status(`/@${member.profile.username}`)).toBe(200);
    expect(await status(`/${member.profile.username.toUpperCase()}`)).toBe(200);
    expect(await status("/@nobody_here")).toBe(404);
    // Any /@name is a profile lookup: a name no username can match is a member not found (404).
    expect(await status("/@some-name-with-hyphens")).toBe(404);
    expect(await status("/%40some-name-with-hyphens")).toBe(404);
    expect(await status(`/@${"a".repeat(300)}`)).toBe(404);
    expect(await status("/@")).toBe(404);
    // A suspended member's profile page says "not found" too (the same rule as the profile API).
    const suspended = await memberFactory.create(
      { suspended: true },
      { transient: { db: web.database.db } },
    );
    expect(await status(`/@${suspended.profile.username}`)).toBe(404);
    expect(await status("/no/such/page")).toBe(404);
    const missing = await web.app.inject({
      method: "GET",
      url: "/no/such/page",
      headers: { accept: "text/html" },
    });
    // The page itself still comes: the web app renders its not-found page.
    expect(missing.body).toContain("<div id=root></div>");
  });

  it("sends the build's brotli and gzip copies of an asset, cached for a year", async () => {
    const get = (acceptEncoding?: string) =>
      web.app.inject({
        method: "GET",
        url: "/assets/index-abc123.js",
        headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      });
    const br = await get("gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    // The bytes are the build's copy, sent as they are, and decode to the script.
    expect(br.rawPayload.equals(readFileSync(`${dist}/assets/index-abc123.js.br`))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(mainScript);

    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gzip.rawPayload.equals(readFileSync(`${dist}/assets/index-abc123.js.gz`))).toBe(true);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(mainScript);

    for (const identity of [undefined, "identity"]) {
      const plain = await get(identity);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(plain.body).toBe(mainScript);
    }
  });

  it("revalidates what is not a hashed asset: the service worker and the pages", async () => {
    const sw = await web.app.inject({ method: "GET", url: "/sw.js" });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["cache-control"]).toBe("no-cache");
    const page = await web.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { accept: "text/html", "accept-encoding": "br" },
    });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });

  it("does not serve files outside dist", async () => {
    const res = await web.app.inject({
      method: "GET",
      url: "/..%2f..%2fetc%2fpasswd",
      headers: { accept: "text/html" },
    });
    expect(res.body).not.toContain("root:");
  });
});
