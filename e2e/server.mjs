// Starts the built server for the journeys on a fresh database: embedded (PGlite) by default,
// on PostgreSQL with E2E_DATABASE_URL.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";

// A local stand-in for YouTube's oEmbed endpoint (the machine may be offline): ids starting
// with "e2e" have the title "E2E video <id>", those starting with "e2eL" a very long one with a
// very long word (e2e/videos.spec.ts spells it the same way); any other id is unknown (404), as
// on YouTube.
function standInTitle(id) {
  const title = `E2E video ${id}`;
  return id.startsWith("e2eL")
    ? `${title} ${"Supercalifragilisticexpialidocious".repeat(4)} and a title far longer than any card was made for`
    : title;
}

// A local stand-in for YouTube's IFrame Player API (e2e/stand-ins/youtube-iframe-api.js), served
// by the same server: the watch page's player follows it (ADR 046), never the network.
const iframeApi = readFileSync(new URL("./stand-ins/youtube-iframe-api.js", import.meta.url));
// And of the optional human check for high risk (hCaptcha / Turnstile, ADR 046): its widget
// script, and a siteverify that passes the stand-in widget's one token.
const captchaApi = readFileSync(new URL("./stand-ins/captcha-api.js", import.meta.url));
const CAPTCHA_SECRET = "e2e-captcha-secret";

const oembed = createServer((req, res) => {
  if ((req.url ?? "").startsWith("/iframe_api")) {
    res
      .writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cross-origin-resource-policy": "cross-origin",
      })
      .end(iframeApi);
    return;
  }
  if ((req.url ?? "").startsWith("/captcha/api.js")) {
    res
      .writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        "cross-origin-resource-policy": "cross-origin",
      })
      .end(captchaApi);
    return;
  }
  if ((req.url ?? "").startsWith("/captcha/siteverify") && req.method === "POST") {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const form = new URLSearchParams(body);
      const success =
        form.get("secret") === CAPTCHA_SECRET && form.get("response") === "stand-in-human-token";
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ success }));
    });
    return;
  }
  const target = new URL(req.url ?? "/", "http://localhost").searchParams.get("url") ?? "";
  const id = URL.canParse(target) ? (new URL(target).searchParams.get("v") ?? "") : "";
  if (!/^e2e/i.test(id)) {
    res.writeHead(404, { "content-type": "text/plain" }).end("Not Found");
    return;
  }
  res
    .writeHead(200, { "content-type": "application/json" })
    .end(JSON.stringify({ title: standInTitle(id), type: "video" }));
});
await new Promise((resolve) => oembed.listen(0, "127.0.0.1", resolve));
const oembedUrl = `http://127.0.0.1:${oembed.address().port}/oembed`;

// Two local chains (anvil, ADR 057/058) for the payout journeys: ERC20 and BEP20 are verified
// on chain and BEP20/ERC20 have a hot wallet; TRC20 stays manual (the older journeys use it).
// One confirmation: nothing else mines blocks while a journey waits. Without anvil the journeys
// that need it skip, saying why.
let localChains = null;
let chainEnv = {};
try {
  const { startLocalChains } = await import("../apps/server/test/chain/local-chain.mjs");
  localChains = await startLocalChains();
  chainEnv = {
    ...localChains.env({ confirmations: 1 }),
    CHAIN_ERC20_DAILY_CAP_USDT: "100000",
    CHAIN_BEP20_DAILY_CAP_USDT: "100000",
  };
} catch (error) {
  console.warn(`local chains not started (payout journeys skip): ${error.message}`);
}

// The database: by default a fresh embedded one (PGlite) in a temp folder, as `npm start` runs;
// with E2E_DATABASE_URL (a PostgreSQL server, as CI has) a fresh database on that server, created
// here and dropped at the end, with the demo data seeded as on the embedded one.
const dataDir = mkdtempSync(path.join(tmpdir(), "vv-e2e-"));
let databaseEnv = {};
let dropDatabase = async () => {};
if (process.env.E2E_DATABASE_URL) {
  const { default: pg } = await import("pg");
  const server = new URL(process.env.E2E_DATABASE_URL);
  const name = `vv_e2e_${Date.now().toString(36)}_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: server.href });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const database = new URL(server.href);
  database.pathname = `/${name}`;
  databaseEnv = { DATABASE_URL: database.href, SEED_DEMO: "1", DEV_MAILBOX: "1" };
  dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
}

const child = spawn(process.execPath, ["apps/server/dist/server.js"], {
  stdio: "inherit",
  env: {
    ...process.env,
    ...databaseEnv,
    DATA_DIR: dataDir,
    NODE_ENV: "test",
    OEMBED_URL: oembedUrl,
    YOUTUBE_IFRAME_API_URL: oembedUrl.replace(/\/oembed$/, "/iframe_api"),
    // The optional human check, on for the journeys (high-risk members only: the seeded farm).
    CAPTCHA_PROVIDER: "hcaptcha",
    CAPTCHA_SITE_KEY: "e2e-captcha-site-key",
    CAPTCHA_SECRET,
    CAPTCHA_VERIFY_URL: oembedUrl.replace(/\/oembed$/, "/captcha/siteverify"),
    CAPTCHA_SCRIPT_URL: oembedUrl.replace(/\/oembed$/, "/captcha/api.js?render=explicit"),
    // The watch journey moves the server clock through POST /api/test/clock (test mode only).
    E2E_CLOCK: "1",
    // GET /api/metrics for the field-data journey (e2e/web-vitals.spec.ts).
    METRICS_TOKEN: process.env.METRICS_TOKEN ?? "e2e-metrics-token-0123456789abcdef",
    // Each browser context sends its own X-Forwarded-For (e2e/fixtures.ts), so journeys keep
    // separate per-address rate limits, as members behind a real proxy do. One trusted hop: the
    // right-most entry — the only one each context writes — is the client address.
    TRUST_PROXY: "1",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ...chainEnv,
  },
});
const stop = (signal) => child.kill(signal);
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", async (code) => {
  oembed.close();
  await localChains?.stop().catch(() => {});
  await dropDatabase().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
