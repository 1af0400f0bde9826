#!/usr/bin/env node
// `npm run lighthouse`: serves the built app on a throwaway embedded database (with the demo seed),
// runs Lighthouse (mobile, performance) in Debian's Chromium against the landing page and, signed
// in as the demo member, /dashboard and /feed (LIGHTHOUSE_PAGES=landing,dashboard,feed picks some),
// and prints each score and the gzip size of the JavaScript loaded before first paint.
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
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${url}api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  const out = path.join(root, ".lighthouse");
  mkdirSync(out, { recursive: true });
  // The member pages are measured signed in as the demo member (the demo seed's public login).
  const signIn = await fetch(`${url}api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url.slice(0, -1) },
    body: JSON.stringify({ email: "demo@viewvault.local", password: "demo-password-1" }),
  });
  if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const flags =
    "--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync";
  const pages = [
    { name: "landing", path: "/" },
    { name: "dashboard", path: "/dashboard", member: true },
    { name: "feed", path: "/feed", member: true },
  ].filter(
    (p) =>
      !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(",").includes(p.name),
  );
  const scores = [];
  for (const page of pages) {
    const result = spawnSync(
      "npx",
      [
        "lighthouse",
        `${url}${page.path.slice(1)}`,
        "--only-categories=performance",
        "--output=json",
        "--output=html",
        `--output-path=${path.join(out, page.name)}`,
        `--chrome-flags=${flags}`,
        ...(page.member ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
        "--quiet",
      ],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
      },
    );
    if (result.status !== 0) throw new Error(`lighthouse failed on ${page.path}`);
    const report = JSON.parse(readFileSync(path.join(out, `${page.name}.report.json`), "utf8"));
    const score = Math.round(report.categories.performance.score * 100);
    const metric = (id) => report.audits[id]?.displayValue ?? "?";
    scores.push(score);
    console.log(`Lighthouse mobile performance, ${page.path}: ${score} (goal ≥ 95)`);
    console.log(
      `  FCP ${metric("first-contentful-paint")} · LCP ${metric("largest-contentful-paint")} · TBT ${metric("total-blocking-time")} · CLS ${metric("cumulative-layout-shift")} · SI ${metric("speed-index")}`,
    );
    console.log(`  report: .lighthouse/${page.name}.report.html`);
  }
  if (scores.some((score) => score < 95)) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
