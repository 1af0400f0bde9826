#!/usr/bin/env node
// `npm run lighthouse`: serves the built app on a throwaway embedded database, runs Lighthouse
// (mobile, performance) in Debian's Chromium against the landing page, and prints the score and
// the gzip size of the JavaScript loaded before first paint (entry + modulepreloads).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const url = `http://localhost:${port}/`;

// 1. JS before first paint: the entry script and the chunks the page preloads — the page "/"
// serves: the prerendered landing (English, as Lighthouse asks) when the build has it.
const landing = path.join(dist, "landing.en.html");
const page = existsSync(landing) ? "landing.en.html" : "index.html";
console.log(`"/" is dist/${page}`);
const html = readFileSync(path.join(dist, page), "utf8");
const scripts = [
  ...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+\.js)"/g),
].map((m) => m[1]);
let gzipBytes = 0;
for (const src of new Set(scripts)) {
  const size = gzipSync(readFileSync(path.join(dist, src))).length;
  gzipBytes += size;
  console.log(`  ${src}  ${(size / 1024).toFixed(1)} KB gzip`);
}
console.log(`JS before first paint: ${(gzipBytes / 1024).toFixed(1)} KB gzip (goal ≤ 120 KB)`);

// 2. Lighthouse against the real server.
const dataDir = mkdtempSync(path.join(tmpdir(), "vv-lh-"));
const server = spawn(process.execPath, ["apps/server/dist/server.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: url.slice(0, -1),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const out = path.join(root, ".lighthouse");
  mkdirSync(out, { recursive: true });
  const flags =
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
  const result = spawnSync(
    "npx",
    [
      "lighthouse",
      url,
      "--only-categories=performance",
      "--output=json",
      "--output=html",
      `--output-path=${path.join(out, "landing")}`,
      `--chrome-flags=${flags}`,
      "--quiet",
    ],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    },
  );
  if (result.status !== 0) throw new Error("lighthouse failed");
  const report = JSON.parse(readFileSync(path.join(out, "landing.report.json"), "utf8"));
  const score = Math.round(report.categories.performance.score * 100);
  const metric = (id) => report.audits[id]?.displayValue ?? "?";
  console.log(`Lighthouse mobile performance: ${score} (goal ≥ 95)`);
  console.log(
    `  FCP ${metric("first-contentful-paint")} · LCP ${metric("largest-contentful-paint")} · TBT ${metric("total-blocking-time")} · CLS ${metric("cumulative-layout-shift")}`,
  );
  console.log(`  report: .lighthouse/landing.report.html`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
