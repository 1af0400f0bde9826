#!/usr/bin/env node
// `npm run lighthouse`: serves the built app on a throwaway embedded database (with the demo seed)
// and runs Lighthouse (mobile, performance) in Debian's Chromium against every page a member
// meets: "/", /auth, and — signed in as the demo member — /dashboard, /feed (in English and in
// Brazilian Portuguese), the watch page of a demo video, /withdraw and /marketplace.
//
// LIGHTHOUSE_RUNS (default 3) runs per page; the table shows each metric's median and the
// scores' spread. LIGHTHOUSE_PAGES=landing,feed,… picks some pages. Exit status: 1 when a page's
// median score is under its goal (98 for "/" and /auth, 95 for the member pages).
//
// LIGHTHOUSE_ROOT=<dir> serves another build (a copy of apps/server/dist and apps/web/dist under
// that directory), to compare two builds on the same machine in the same minutes.
//
// LIGHTHOUSE_GATE=1 makes it CI's gate instead (ADR 066): a page passes as soon as one run scores
// at least its floor (best of LIGHTHOUSE_RUNS), and the exit status is 1 when a page's best run is
// under it; only the five scored metrics are audited, to keep it short. LIGHTHOUSE_FLOOR=<score>
// puts every page's floor there. The floors are set from the spread measured on a quiet machine, so that noise
// does not cross it and a real regression does.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3200);
const chromePort = port + 1;
const origin = `http://localhost:${port}`;
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const gate = Boolean(process.env.LIGHTHOUSE_GATE || process.env.LIGHTHOUSE_FLOOR);
const floorOf = (page) =>
  process.env.LIGHTHOUSE_FLOOR ? Number(process.env.LIGHTHOUSE_FLOOR) : page.floor;
const out = path.resolve(process.env.LIGHTHOUSE_OUT ?? path.join(root, ".lighthouse"));
mkdirSync(out, { recursive: true });

/** CI's floors (ADR 066): about 15 points under the lowest run a quiet two-core machine gave. */
const FLOORS = { landing: 50, auth: 30, member: 25 };
const PAGES = [
  // goal: the issue's (quiet machine, median); floor: CI's gate (best of 3, ADR 066).
  { name: "landing", path: "/", goal: 98, floor: FLOORS.landing },
  { name: "auth", path: "/auth", goal: 98, floor: FLOORS.auth },
  { name: "dashboard", path: "/dashboard", member: true, goal: 95, floor: FLOORS.member },
  { name: "feed", path: "/feed", member: true, goal: 95, floor: FLOORS.member },
  { name: "feed-pt", path: "/feed", member: true, lang: "pt-BR", goal: 95, floor: FLOORS.member },
  { name: "watch", path: "/watch/:id", member: true, goal: 95, floor: FLOORS.member },
  { name: "withdraw", path: "/withdraw", member: true, goal: 95, floor: FLOORS.member },
  { name: "marketplace", path: "/marketplace", member: true, goal: 95, floor: FLOORS.member },
];
const METRICS = [
  ["FCP", "first-contentful-paint", "s"],
  ["LCP", "largest-contentful-paint", "s"],
  ["TBT", "total-blocking-time", "ms"],
  ["CLS", "cumulative-layout-shift", ""],
  ["SI", "speed-index", "s"],
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const show = (value, unit) =>
  unit === "s"
    ? `${(value / 1000).toFixed(2)} s`
    : unit === "ms"
      ? `${Math.round(value)} ms`
      : value.toFixed(3);

async function waitFor(url, tries = 3000) {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** Signs in as the demo member (the demo seed's public login); returns its cookies. */
async function demoCookies() {
  const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: "demo@viewvault.local", password: "demo-password-1" }),
  });
  if (!signIn.ok) throw new Error(`demo sign-in failed: ${signIn.status}`);
  return signIn.headers.getSetCookie().map((c) => {
    const [pair = ""] = c.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

/**
 * A fresh tab for one run: the cache, storage and service workers of the origin cleared (what
 * Lighthouse's own storage reset does), then the page's cookies put in the browser's jar, as a
 * member's browser holds them — a Cookie header added to requests reaches the document but not
 * the app's fetch() calls, so the member pages would be measured signed out.
 */
async function freshTab(browser, cookies) {
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Network.clearBrowserCookies");
  await cdp.send("Storage.clearDataForOrigin", {
    origin,
    storageTypes:
      "file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage",
  });
  for (const cookie of cookies) {
    // The language cookie is read by the page itself; the session cookie is HttpOnly.
    await cdp.send("Network.setCookie", {
      ...cookie,
      url: origin,
      httpOnly: cookie.name !== "vv-lang",
    });
  }
  await cdp.detach();
  return page;
}

async function demoVideoId() {
  const answer = await fetch(`${origin}/api/videos`);
  const body = await answer.json();
  const id = (body.videos?.[0] ?? body.boosted?.[0])?.id;
  if (!id) throw new Error("the demo seed has no video to watch");
  return id;
}

/** One Lighthouse run (tried again up to twice on a trace Lighthouse could not record). */
async function measure(page, url, cookies, run) {
  for (let attempt = 1; ; attempt++) {
    const tab = await freshTab(browser, cookies);
    try {
      return await measureOnce(page, url, tab, run);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`  (${page.name} run ${run}: ${error.message}; again)`);
    } finally {
      await tab.close();
    }
  }
}

/** One Lighthouse run; returns the score and the metrics' numeric values. */
async function measureOnce(page, url, tab, run) {
  const result = await lighthouse(
    url,
    {
      output: ["json", "html"],
      onlyCategories: ["performance"],
      // The gate needs the score only: the five metrics it is made of.
      ...(gate ? { onlyAudits: METRICS.map(([, id]) => id) } : {}),
      // freshTab did the reset, keeping the cookies it set.
      disableStorageReset: true,
      logLevel: "error",
    },
    undefined,
    tab,
  );
  if (!result) throw new Error(`lighthouse gave nothing for ${url}`);
  const { lhr, report } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  writeFileSync(path.join(out, `${page.name}-${run}.report.html`), report[1]);
  writeFileSync(path.join(out, `${page.name}-${run}.report.json`), report[0]);
  const values = Object.fromEntries(
    METRICS.map(([label, id]) => [label, lhr.audits[id]?.numericValue ?? Number.NaN]),
  );
  return { score: Math.round((lhr.categories.performance.score ?? 0) * 100), ...values };
}

const dataDir = mkdtempSync(path.join(tmpdir(), "vv-lh-"));
const chromeDir = mkdtempSync(path.join(tmpdir(), "vv-lh-chrome-"));
const serverRoot = path.resolve(process.env.LIGHTHOUSE_ROOT ?? root);
const server = spawn(process.execPath, ["apps/server/dist/server.js"], {
  cwd: serverRoot,
  env: {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
  },
  stdio: "inherit",
});
const chrome = spawn(
  process.env.CHROME_PATH ?? "/usr/bin/chromium",
  [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    `--user-data-dir=${chromeDir}`,
    `--remote-debugging-port=${chromePort}`,
    "about:blank",
  ],
  { stdio: "ignore" },
);
const started = Date.now();
let browser;
try {
  await waitFor(`${origin}/api/health`);
  await waitFor(`http://127.0.0.1:${chromePort}/json/version`);
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const member = await demoCookies();
  const videoId = await demoVideoId();
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(",");
  const rows = [];
  for (const page of PAGES.filter((p) => !wanted || wanted.includes(p.name))) {
    const url = `${origin}${page.path.replace(":id", videoId)}`;
    // The language cookie the web app and the server read (src/lib/i18n.ts).
    const cookies = [{ name: "vv-lang", value: page.lang ?? "en" }, ...(page.member ? member : [])];
    const results = [];
    for (let run = 1; run <= runs; run++) {
      results.push(await measure(page, url, cookies, run));
      // The gate: one run at the floor is enough (best of LIGHTHOUSE_RUNS).
      if (gate && results.at(-1).score >= floorOf(page)) break;
    }
    const scores = results.map((r) => r.score);
    const row = {
      page: page.lang ? `${page.path} (${page.lang})` : page.path,
      goal: page.goal,
      floor: floorOf(page),
      runs: results.length,
      score: median(scores),
      best: Math.max(...scores),
      worst: Math.min(...scores),
      ...Object.fromEntries(
        METRICS.map(([label]) => [label, median(results.map((r) => r[label]))]),
      ),
    };
    rows.push(row);
    console.log(
      `${row.page}: ${row.score} (runs ${scores.join(", ")}) · ${METRICS.map(([label, , unit]) => `${label} ${show(row[label], unit)}`).join(" · ")}`,
    );
  }
  const header = `| page | score (median) | runs: min–max | ${METRICS.map(([l]) => l).join(" | ")} |`;
  const table = [
    header,
    header.replace(/[^|]+/g, "---"),
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.score} | ${r.worst}–${r.best} | ${METRICS.map(([l, , u]) => show(r[l], u)).join(" | ")} |`,
    ),
  ].join("\n");
  console.log(`\nLighthouse mobile performance, median of ${runs} run(s):\n${table}`);
  console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s; reports in .lighthouse/)`);
  writeFileSync(path.join(out, "summary.json"), JSON.stringify(rows, null, 2));
  if (gate) {
    const under = rows.filter((r) => r.best < r.floor);
    for (const r of under) {
      console.log(`FAIL ${r.page}: best of ${r.runs} is ${r.best} < floor ${r.floor}`);
    }
    if (under.length) process.exitCode = 1;
    else console.log(`every page reached its floor (best of up to ${runs} runs)`);
  } else if (rows.some((r) => r.score < r.goal)) {
    process.exitCode = 1;
  }
} finally {
  await browser?.disconnect();
  chrome.kill("SIGTERM");
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(chromeDir, { recursive: true, force: true });
}
