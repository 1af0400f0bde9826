import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../test/accounts";
import { createTestApp, type TestApp } from "../../test/app";
import { createSignedInMember, USDT } from "../../test/factories";
import { mailOutbox } from "../db/schema";
import type { MoneyAuditLine } from "./money-audit";

const TOKEN = "metrics-token-for-the-tests-0123456789";
const SECRET = { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" };

/** The value of one sample line, e.g. `vv_ledger_postings_total{kind="transfer"}`; 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /api/metrics without METRICS_TOKEN", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: SECRET });
  });
  afterAll(() => t.close());

  it("does not exist", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe("GET /api/metrics", () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { ...SECRET, METRICS_TOKEN: TOKEN },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it("refuses a missing or wrong bearer token with 401", async () => {
    const none = await t.app.inject({ method: "GET", url: "/api/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(none.json().code).toBe("UNAUTHENTICATED");
    const wrong = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    const basic = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}` },
    });
    expect(basic.statusCode).toBe(401);
  });

  it("is not in the public OpenAPI document", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    expect(Object.keys(doc.paths)).not.toContain("/api/metrics");
  });

  it("serves Prometheus text with process metrics and the database pool", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // The embedded database is one connection.
    expect(sample(res.body, 'vv_db_pool_connections{state="total"}')).toBe(1);
    expect(sample(res.body, "vv_db_pool_max")).toBe(1);
  });

  it("counts requests by route pattern and status class, never by raw URL", async () => {
    const id = randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: "GET", url: `/api/videos/${id}/sessions/current` });
      expect(res.statusCode).toBe(401);
    }
    await t.app.inject({ method: "GET", url: `/api/no-such-thing/${id}` });
    const body = await scrape();
    expect(
      sample(
        body,
        'vv_http_request_duration_seconds_count{route="/api/videos/:id/sessions/current",method="GET",status_class="4xx"}',
      ),
    ).toBe(3);
    expect(body).toMatch(
      /^vv_http_request_duration_seconds_bucket\{le="0\.005",route="\/api\/videos\/:id\/sessions\/current",method="GET",status_class="4xx"\} \d+$/m,
    );
    expect(body).toContain('route="unmatched"');
    expect(body).not.toContain(id);
  });

  it("counts a committed posting by kind once, and not its replay", async () => {
    const before = sample(await scrape(), 'vv_ledger_postings_total{kind="transfer"}');
    const a = await createSignedInMember(t.app, { views: 500n });
    const b = await createSignedInMember(t.app);
    const key = `obs-${randomUUID()}`;
    const send = () =>
      a.c.request(
        "POST",
        "/api/transfers",
        { recipient: b.me.profile.username, transferType: "VIEWS", amount: "100" },
        { "idempotency-key": key },
      );
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    // A refusal moves nothing either.
    const refused = await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "USDT",
      amount: "100",
    });
    expect(refused.statusCode).toBe(422);
    expect(sample(await scrape(), 'vv_ledger_postings_total{kind="transfer"}')).toBe(before + 1);
  });

  it("reads the mail outbox backlog at scrape time", async () => {
    const before = sample(await scrape(), 'vv_mail_outbox_messages{status="pending"}');
    const createdAt = new Date(Date.now() - 120_000);
    await t.database.db.insert(mailOutbox).values([
      { to: "a@example.test", kind: "test", subject: "s", text: "t", createdAt },
      { to: "b@example.test", kind: "test", subject: "s", text: "t", createdAt },
    ]);
    const body = await scrape();
    expect(sample(body, 'vv_mail_outbox_messages{status="pending"}')).toBe(before + 2);
    expect(sample(body, "vv_mail_outbox_oldest_pending_seconds")).toBeGreaterThanOrEqual(120);
  });

  describe("the money audit line", () => {
    const auditLines = () =>
      lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((entry) => entry.audit === "money") as unknown as Array<
        MoneyAuditLine & { msg: string; reqId: string }
      >;

    it("says who, what, which key and the result of every money request, with no personal data", async () => {
      const a = await createSignedInMember(t.app, {
        views: 300n,
        usdt: USDT(10),
        email: "rosalind.franklin@example.test",
        username: "rosalind_f",
      });
      const b = await createSignedInMember(t.app, { username: "maurice_w" });
      lines.length = 0;

      const key = `audit-${randomUUID()}`;
      const body = { recipient: b.me.profile.username, transferType: "VIEWS", amount: "150" };
      const ok = await a.c.request("POST", "/api/transfers", body, { "idempotency-key": key });
      expect(ok.statusCode).toBe(200);
      await a.c.request("POST", "/api/transfers", body, { "idempotency-key": key });
      const refused = await a.c.request(
        "POST",
        "/api/swaps",
        { direction: "USDT_TO_VIEWS", amount: "500" },
        { "idempotency-key": `audit-${randomUUID()}` },
      );
      expect(refused.statusCode).toBe(422);
      const anonymous = await client(t.app).request("POST", "/api/transfers", body, {
        "idempotency-key": "not a valid key!",
      });
      expect(anonymous.statusCode).toBe(401);
      const session = randomUUID();
      const watch = await a.c.request("POST", `/api/watch-sessions/${session}/complete`, {
        solution: "bm90LWEtc29sdXRpb24=",
      });
      // Reads are not money requests.
      await a.c.request("GET", "/api/balances");
      await a.c.request("GET", "/api/transfers");

      const audit = auditLines();
      expect(audit).toHaveLength(5);
      const [first, replay, swap, anon, watched] = audit;
      expect(first).toMatchObject({
        msg: "money request",
        member: a.id,
        command: "POST /api/transfers",
        idempotencyKey: key,
        status: 200,
        code: null,
        replayed: false,
      });
      expect(first?.durationMs).toEqual(expect.any(Number));
      expect(first?.reqId).toEqual(expect.any(String));
      expect(replay).toMatchObject({ member: a.id, idempotencyKey: key, replayed: true });
      expect(swap).toMatchObject({
        member: a.id,
        command: "POST /api/swaps",
        status: 422,
        code: refused.json().code,
      });
      expect(anon).toMatchObject({
        member: null,
        idempotencyKey: "invalid",
        status: 401,
        code: "UNAUTHENTICATED",
      });

      expect(watched).toMatchObject({
        member: a.id,
        command: "POST /api/watch-sessions/:id/complete",
        idempotencyKey: null,
        status: watch.statusCode,
        code: watch.json().code,
      });

      const text = JSON.stringify(audit);
      for (const personal of [
        "rosalind.franklin@example.test",
        "rosalind_f",
        "maurice_w",
        a.c.ip,
        "not a valid key!",
        session,
      ]) {
        expect(text).not.toContain(personal);
      }
      // Exactly these fields besides pino's own (level, time, pid, hostname, reqId, msg).
      expect(Object.keys(first ?? {}).sort()).toEqual(
        [
          "audit",
          "code",
          "command",
          "durationMs",
          "hostname",
          "idempotencyKey",
          "level",
          "member",
          "msg",
          "pid",
          "replayed",
          "reqId",
          "status",
          "time",
        ].sort(),
      );
    });
  });
});
