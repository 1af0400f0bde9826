import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { TWatchSession } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { attendStep, solve } from "../../../test/watch";
import { loadEnv } from "../../config/env";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

/**
 * The optional human check (ADR 046): with CAPTCHA_* configured, a high-risk member's completion
 * also needs the widget's token, verified with the provider's siteverify (here a local stand-in
 * that passes one token); a normal member never sees it; a refusal changes nothing.
 */
const TITLES: Record<string, string> = {};
const PASS = "stand-in-human-token";
const SITE_KEY = "10000000-ffff-ffff-ffff-000000000001";
const SECRET = "0x0000000000000000000000000000000000000000";
let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
let siteverify: Server;
const asked: URLSearchParams[] = [];
let providerDown = false;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const db = () => t.database.db;

beforeAll(async () => {
  oembed = await startOembedStandIn(TITLES);
  siteverify = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      if (providerDown) {
        res.writeHead(502).end();
        return;
      }
      const form = new URLSearchParams(body);
      asked.push(form);
      const success = form.get("secret") === SECRET && form.get("response") === PASS;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ success, ...(success ? {} : { "error-codes": ["invalid"] }) }));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, "127.0.0.1", resolve));
  const port = (siteverify.address() as AddressInfo).port;
  t = await createTestApp({
    clock,
    env: {
      OEMBED_URL: oembed.url,
      CAPTCHA_PROVIDER: "hcaptcha",
      CAPTCHA_SITE_KEY: SITE_KEY,
      CAPTCHA_SECRET: SECRET,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      CAPTCHA_SCRIPT_URL: `http://127.0.0.1:${port}/api.js?render=explicit`,
    },
  });
});
afterAll(async () => {
  await t.close();
  await oembed.close();
  await new Promise((resolve) => siteverify.close(resolve));
});
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

let nextId = 0;
async function video(): Promise<string> {
  const owner = await createSignedInMember(t.app, { views: 10n });
  nextId++;
  const id = `cap${String(nextId).padStart(8, "0")}`;
  TITLES[id] = `Captcha video ${nextId}`;
  const res = await owner.c.request("POST", "/api/videos", {
    url: `https://youtu.be/${id}`,
    country: "BR",
    theme: "Music",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().video.id;
}

/** A member's session watched to the end of its content, with the content step's answer. */
async function watched(
  c: Client,
  /**
   * Runs once the content started: its challenge was issued at the member's cost until then (a
   * high-risk one would take the test long to solve) and its signals recorded, so the risk row
   * is the test's from here.
   */
  contentStarted: () => Promise<void> = async () => {},
): Promise<{ id: string; session: TWatchSession; solution: string }> {
  const videoId = await video();
  const id = (await c.request("POST", `/api/videos/${videoId}/sessions`)).json().id as string;
  const seq = await attendStep(c, clock, id, "ad", 1);
  const content = await c.request("POST", `/api/watch-sessions/${id}/content`);
  expect(content.statusCode, content.body).toBe(200);
  const started = content.json<TWatchSession>();
  if (!started.challenge) throw new Error("no challenge");
  const solution = await solve(started.challenge);
  await contentStarted();
  // The session as the page reads it again (a reload): with the human check if now asked.
  const current = await c.request("GET", `/api/videos/${videoId}/sessions/current`);
  expect(current.statusCode, current.body).toBe(200);
  await attendStep(c, clock, id, "content", seq);
  return { id, session: current.json<TWatchSession>(), solution };
}

async function highRisk(memberId: string): Promise<void> {
  await db().execute(
    sql`insert into member_risk (member_id, score, level, reasons, updated_at)
        values (${memberId}, 80, 'high', '[]', now())
        on conflict (member_id) do update set score = 80, level = 'high'`,
  );
}

const complete = (c: Client, id: string, body: Record<string, string>) =>
  c.request("POST", `/api/watch-sessions/${id}/complete`, body);

describe("the human check for high risk (CAPTCHA_PROVIDER)", () => {
  it("is not asked of a member whose risk does not call for it", async () => {
    const watcher = await createSignedInMember(t.app);
    const { id, session, solution } = await watched(watcher.c);
    expect(session.captcha).toBeNull();
    const before = asked.length;
    const done = await complete(watcher.c, id, { solution });
    expect(done.statusCode, done.body).toBe(200);
    expect(asked.length).toBe(before);
  });

  it("is asked of a high-risk member: no token or a refused one changes nothing; a passed one credits", async () => {
    const watcher = await createSignedInMember(t.app);
    const { id, session, solution } = await watched(watcher.c, () => highRisk(watcher.id));
    expect(session.captcha).toEqual({
      provider: "hcaptcha",
      siteKey: SITE_KEY,
      scriptUrl: expect.stringContaining("/api.js?render=explicit"),
    });

    const none = await complete(watcher.c, id, { solution });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: "CHALLENGE_FAILED",
      message: "Confirm that you are a person to finish this watch.",
    });
    const refused = await complete(watcher.c, id, { solution, captchaToken: "a-bot's-guess" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe("CHALLENGE_FAILED");
    providerDown = true;
    const down = await complete(watcher.c, id, { solution, captchaToken: PASS });
    providerDown = false;
    expect(down.statusCode).toBe(422);
    expect(down.json().message).toBe(
      "The human check could not be reached. Try again in a moment.",
    );
    const [row] = await queryRows<{ status: string; credited: boolean }>(
      db(),
      sql`select status, credited from ads_sessions where id = ${id}::uuid`,
    );
    expect(row).toEqual({ status: "CONTENT", credited: false });

    const done = await complete(watcher.c, id, { solution, captchaToken: PASS });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().rewardViews).toBe("1");
    const last = asked.at(-1);
    expect(last?.get("sitekey")).toBe(SITE_KEY);
    expect(last?.get("secret")).toBe(SECRET);
    expect(last?.get("remoteip")).toBeTruthy();
  });

  it("is allowed by the page's CSP (the widget's script and frames)", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    const frameSrc = csp.split(";").find((d) => d.trim().startsWith("frame-src")) ?? "";
    expect(scriptSrc).toContain("http://127.0.0.1:");
    expect(scriptSrc).toContain("https://*.hcaptcha.com");
    expect(frameSrc).toContain("https://*.hcaptcha.com");
  });
});

describe("its settings", () => {
  it("need the site key and the secret once a provider is named; off by default", () => {
    expect(() => loadEnv({ NODE_ENV: "test", CAPTCHA_PROVIDER: "turnstile" })).toThrow(
      /CAPTCHA_SITE_KEY: is required when CAPTCHA_PROVIDER is set/,
    );
    expect(() =>
      loadEnv({ NODE_ENV: "test", CAPTCHA_PROVIDER: "recaptcha", CAPTCHA_SITE_KEY: "k" }),
    ).toThrow(/CAPTCHA_PROVIDER/);
    expect(loadEnv({ NODE_ENV: "test" }).CAPTCHA_PROVIDER).toBeUndefined();
  });
});
