#!/usr/bin/env node
// Writes dist/landing.<locale>.html: the built index.html with the landing page ("/") already
// rendered into <div id="root"> (see src/server-render.tsx, built into dist-ssr/ by
// `npm run build`). The server sends it for "/" in the visitor's language; every other path gets
// index.html, a member page with its first screen rendered by the server from dist-ssr/ (ADR 084).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
const ssrDir = path.join(web, "dist-ssr");
const LOCALES = ["en", "pt-BR"];
const BOOT_PRELOAD =
  /\s*<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)" data-boot>/g;

const escapeHtml = (text) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

const template = readFileSync(path.join(dist, "index.html"), "utf8");
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT}`);

const landing = JSON.parse(readFileSync(path.join(dist, "page-preloads.json"), "utf8"))[
  "landing/landing-page"
];
const { renderLanding } = await import(pathToFileURL(path.join(ssrDir, "server-render.js")).href);
for (const locale of LOCALES) {
  const { html, title, description } = await renderLanding(locale);
  // Inline scripts must stay exactly those of index.html: the CSP allows them by hash.
  if (/<script/i.test(html)) throw new Error(`the ${locale} landing markup contains a <script>`);
  const fullTitle = title && title !== "ViewVault" ? `${title} · ViewVault` : "ViewVault";
  // The app's code is fetched after the first paint (src/main.tsx imports `data-code` then).
  const code = [
    ...new Set([
      ...[...template.matchAll(BOOT_PRELOAD)].map((match) => match[1]),
      // The landing page's own code and texts, so they do not wait for the app's to ask for them.
      ...[...(landing?.js ?? []), ...(landing?.locales?.[locale] ?? [])].map((file) => `/${file}`),
    ]),
  ].join(" ");
  const page = template
    .replace(BOOT_PRELOAD, "")
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(fullTitle)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      `<meta name="description" content="${escapeHtml(description)}"`,
    )
    .replace(
      ROOT,
      () => `<div id="root" data-prerendered="${locale}" data-code="${code}">${html}</div>`,
    )
    // The app shell (index.html) is for pages that wait for the app; this one is already painted.
    .replace(/\s*<div id="vv-shell"[\s\S]*?<!-- \/vv-shell -->/, "");
  writeFileSync(path.join(dist, `landing.${locale}.html`), page);
  console.log(`prerendered dist/landing.${locale}.html (${(page.length / 1024).toFixed(1)} KB)`);
}
