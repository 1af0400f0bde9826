#!/usr/bin/env node
// The script-size budget per route (ADR 066), run by `npm run build`: the gzip size of the
// JavaScript each measured page needs before its content can paint — the entry and the chunks
// index.html modulepreloads, plus the page's own chunks and locale texts (dist/page-preloads.json,
// in its larger language); for "/" the prerendered landing's scripts only (its app code comes
// after the first paint). The build fails when a route is over its ceiling in js-budget.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const web = path.resolve(import.meta.dirname, "..");
const dist = path.join(web, "dist");
const budget = JSON.parse(readFileSync(path.join(web, "js-budget.json"), "utf8"));
const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return sizes.get(file);
};
const scriptsOf = (html) =>
  new Set(
    [
      ...html.matchAll(
        /<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g,
      ),
    ].map((m) => m[1]),
  );
const total = (files) => [...files].reduce((sum, file) => sum + gz(file), 0);

const upfront = scriptsOf(readFileSync(path.join(dist, "index.html"), "utf8"));
const pages = JSON.parse(readFileSync(path.join(dist, "page-preloads.json"), "utf8"));
const rows = [["/", total(scriptsOf(readFileSync(path.join(dist, "landing.en.html"), "utf8")))]];
for (const [route, module] of Object.entries(budget.routes)) {
  if (route === "/") continue;
  const page = pages[module];
  if (!page) throw new Error(`js-budget: no page ${module} in page-preloads.json`);
  const byLanguage = Object.values(page.locales).map((locales) =>
    total(new Set([...upfront, ...page.js, ...locales])),
  );
  rows.push([route, Math.max(...byLanguage)]);
}
let over = 0;
console.log(
  `JS before first paint, gzip (goal ≤ ${budget.goalKB} KB; ceilings in js-budget.json):`,
);
for (const [route, bytes] of rows) {
  const kb = bytes / 1024;
  const ceiling = budget.ceilingsKB[route] ?? budget.goalKB;
  const verdict = kb > ceiling ? "OVER its ceiling" : kb > budget.goalKB ? "over the goal" : "ok";
  if (kb > ceiling) over++;
  console.log(
    `  ${route.padEnd(14)} ${kb.toFixed(1).padStart(6)} KB  (ceiling ${ceiling} KB) ${verdict}`,
  );
}
if (over) {
  console.error(`js-budget: ${over} route(s) over their ceiling`);
  process.exit(1);
}
