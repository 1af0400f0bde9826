import { mkdtempSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, TEST_PASSWORD } from "../../../test/factories";
import { pushOutbox, pushSubscriptions } from "../../db/schema";
import { isPrivateAddress, postPush, refusePushEndpoint } from "../../lib/push-endpoint";

/**
 * Web Push against a real local push service (web-push-testing 1.2, ADR 059): it hands out
 * subscriptions like a browser's push service, checks the VAPID signature and decrypts what it
 * receives, so the payload read back is what a member's browser would show.
 */
const require = createRequire(import.meta.url);
const WebPushTestingServer = require("web-push-testing/src/server.js") as new (
  model: unknown,
  port: number,
) => { startServer(): void; _server: { close(cb: () => void): void } };
const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as {
  PushApiModel: new () => { expireSubscription(clientHash: string): void };
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const key65 = Buffer.alloc(65, 4).toString("base64url");
const key16 = Buffer.alloc(16, 7).toString("base64url");

const METRICS = "push-metrics-token-0123456789";
let t: TestApp;
let mock: InstanceType<typeof WebPushTestingServer>;
let model: InstanceType<typeof PushApiModel>;
let mockUrl: string;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "vv-push-")),
      PUSH_ALLOW_PRIVATE_ENDPOINTS: "1",
      METRICS_TOKEN: METRICS,
    },
  });
  const port = await freePort();
  model = new PushApiModel();
  mock = new WebPushTestingServer(model, port);
  mock.startServer();
  mockUrl = `http://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${mockUrl}/status`, { method: "POST" }).catch(() => null);
    if (res?.status === 200) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});
afterAll(async () => {
  await new Promise<void>((resolve) => mock._server.close(() => resolve()));
  await t.close();
});

/** A subscription from the mock push service, as a browser's PushManager.subscribe gives it. */
async function browserSubscription() {
  const res = await fetch(`${mockUrl}/subscribe`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ applicationServerKey: t.app.vapidPublicKey, userVisibleOnly: "true" }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as {
    data: { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
  };
  return data;
}

async function received(clientHash: string): Promise<string[]> {
  const res = await fetch(`${mockUrl}/get-notifications`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ clientHash }),
  });
  return ((await res.json()) as { data: { messages: string[] } }).data.messages;
}

describe("web push", () => {
  it("a bonus grant reaches the member's subscribed browser, decrypted, in their language", async () => {
    const admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    expect(
      (await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const m = await createSignedInMember(t.app, { locale: "pt-BR" });
    const config = (await m.c.request("GET", "/api/push/config")).json() as { publicKey: string };
    expect(config.publicKey).toBe(t.app.vapidPublicKey);
    const sub = await browserSubscription();
    const saved = await m.c.request("POST", "/api/push/subscriptions", {
      endpoint: sub.endpoint,
      keys: sub.keys,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ subscriptions: 1 });

    const granted = await admin.c.request(
      "POST",
      `/api/admin/members/${m.id}/bonuses`,
      { amount: "12.5", reason: "Push" },
      { "idempotency-key": "push-grant-1" },
    );
    expect(granted.statusCode).toBe(201);
    expect(await t.app.push.deliverDue()).toBe(1);
    const messages = await received(sub.clientHash);
    expect(messages).toHaveLength(1);
    const payload = JSON.parse(messages[0] as string);
    expect(payload).toMatchObject({
      kind: "bonusGranted",
      title: "Você recebeu um bônus",
      body: "Um bônus de 12,50 USDT espera por você na página de Eventos.",
      url: "/events",
    });
    const [delivery] = await t.database.db.select().from(pushOutbox);
    expect(delivery).toMatchObject({ status: "sent", attempts: 1 });
    // Delivered once: nothing is due any more.
    expect(await t.app.push.deliverDue()).toBe(0);
  });

  it("a kind the member turned push off for is not pushed; an expired subscription is removed", async () => {
    const m = await createSignedInMember(t.app);
    const sub = await browserSubscription();
    await m.c.request("POST", "/api/push/subscriptions", {
      endpoint: sub.endpoint,
      keys: sub.keys,
    });
    await m.c.request("PUT", "/api/notifications/preferences", {
      preferences: [{ kind: "cashoutPaused", email: false, push: false }],
    });
    const { sql } = await import("drizzle-orm");
    const notify = (kind: string) =>
      t.database.db.execute(
        sql`select vv_notify(${m.id}::uuid, ${kind}, '{"reason":"x","amount":"1"}'::jsonb, now())`,
      );
    await notify("cashoutPaused");
    expect(await t.app.push.deliverDue()).toBe(0);

    // The browser dropped the subscription: the push service answers 410, the row goes.
    model.expireSubscription(sub.clientHash);
    await notify("bonusGranted");
    expect(await t.app.push.deliverDue()).toBe(1);
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, m.id)),
    ).toEqual([]);
  });

  it("a push service that fails is retried later, and never blocks the cause", async () => {
    const m = await createSignedInMember(t.app);
    // A subscription whose endpoint refuses (the mock answers 400 to an unknown client).
    const saved = await m.c.request("POST", "/api/push/subscriptions", {
      endpoint: `${mockUrl}/notify/unknown-client`,
      keys: { p256dh: (await browserSubscription()).keys.p256dh, auth: key16 },
    });
    expect(saved.statusCode).toBe(200);
    const { sql } = await import("drizzle-orm");
    await t.database.db.execute(
      sql`select vv_notify(${m.id}::uuid, 'bonusGranted', '{"amount":"1"}'::jsonb, now())`,
    );
    expect(await t.app.push.deliverDue()).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(eq(pushSubscriptions.memberId, m.id));
    expect(row?.push_outbox).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.push_outbox.lastError).toMatch(/HTTP 400/);
    expect(row?.push_outbox.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(row?.push_subscriptions.failures).toBe(1);
    // Prometheus sees the delivery waiting for its retry.
    const metrics = await t.app.inject({
      method: "GET",
      url: "/api/metrics",
      headers: { authorization: `Bearer ${METRICS}` },
    });
    expect(metrics.body).toMatch(/vv_push_deliveries\{status="pending"\} [1-9]/);
    expect(metrics.body).toContain('vv_push_deliveries{status="failed"} 0');
  });
});

describe("forged subscriptions", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({
      env: {
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "vv-push-")),
      },
    });
  });
  afterAll(() => strict.close());

  it.each([
    ["http", "http://push.example.com/x", 400, "VALIDATION_FAILED"],
    ["loopback", "https://127.0.0.1/x", 422, "PUSH_SUBSCRIPTION_REFUSED"],
    ["private v4", "https://10.1.2.3:8443/x", 422, "PUSH_SUBSCRIPTION_REFUSED"],
    ["link-local (metadata)", "https://169.254.169.254/latest", 422, "PUSH_SUBSCRIPTION_REFUSED"],
    ["loopback v6", "https://[::1]/x", 422, "PUSH_SUBSCRIPTION_REFUSED"],
    ["mapped v6", "https://[::ffff:192.168.1.1]/x", 422, "PUSH_SUBSCRIPTION_REFUSED"],
    ["localhost", "https://localhost/x", 422, "PUSH_SUBSCRIPTION_REFUSED"],
    ["not a URL", "push", 400, "VALIDATION_FAILED"],
  ])("refuses a %s endpoint", async (_name, endpoint, status, code) => {
    const m = await createSignedInMember(strict.app);
    const res = await m.c.request("POST", "/api/push/subscriptions", {
      endpoint,
      keys: { p256dh: key65, auth: key16 },
    });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it.each([
    ["a short p256dh", { p256dh: key16, auth: key16 }],
    ["a long auth", { p256dh: key65, auth: key65 }],
    ["keys not base64url", { p256dh: `${key65.slice(0, -2)}!!`, auth: key16 }],
  ])("refuses %s", async (_name, keys) => {
    const m = await createSignedInMember(strict.app);
    const res = await m.c.request("POST", "/api/push/subscriptions", {
      endpoint: "https://push.example.com/x",
      keys,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("VALIDATION_FAILED");
  });

  it("refuses the signed-out, and a member cannot remove another's subscription", async () => {
    const anonymous = await strict.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      payload: { endpoint: "https://push.example.com/x", keys: { p256dh: key65, auth: key16 } },
    });
    expect(anonymous.statusCode).toBe(401);
    const a = await createSignedInMember(strict.app);
    const b = await createSignedInMember(strict.app);
    await strict.database.db.insert(pushSubscriptions).values({
      memberId: a.id,
      endpoint: "https://push.example.com/a-device",
      p256dh: key65,
      auth: key16,
    });
    const res = await b.c.request("POST", "/api/push/subscriptions/remove", {
      endpoint: "https://push.example.com/a-device",
    });
    expect(res.json()).toEqual({ subscriptions: 0 });
    expect(
      await strict.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.memberId, a.id)),
    ).toHaveLength(1);
  });

  it("production requires a VAPID pair and refuses the test-only allowance", async () => {
    const { loadEnv } = await import("../../config/env");
    const base = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
    };
    expect(() => loadEnv(base)).toThrow(/VAPID_PUBLIC_KEY/);
    const pair = { VAPID_PUBLIC_KEY: strict.app.vapidPublicKey, VAPID_PRIVATE_KEY: "x".repeat(43) };
    expect(() => loadEnv({ ...base, ...pair })).not.toThrow();
    expect(() => loadEnv({ ...base, ...pair, PUSH_ALLOW_PRIVATE_ENDPOINTS: "1" })).toThrow(
      /PUSH_ALLOW_PRIVATE_ENDPOINTS/,
    );
  });

  it("a host name that resolves to a private address is refused", async () => {
    expect(
      await refusePushEndpoint("https://push.evil.test/x", false, async () => ["10.0.0.5"]),
    ).toBe("privateEndpoint");
    expect(
      await refusePushEndpoint("https://fcm.googleapis.com/x", false, async () => ["142.250.1.1"]),
    ).toBeNull();
    expect(isPrivateAddress("172.31.255.1")).toBe(true);
    expect(isPrivateAddress("172.32.0.1")).toBe(false);
    expect(isPrivateAddress("fd12::1")).toBe(true);
  });

  it("a saved endpoint whose host resolves to a private address at send time is never reached (DNS rebinding)", async () => {
    // A listener inside "our network", and a host name that now resolves to it (localhost stands
    // in for a public name rebound to 127.0.0.1 after the subscription was saved).
    let connections = 0;
    const inside = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    const port = await new Promise<number>((resolve) =>
      inside.listen(0, "127.0.0.1", () => resolve((inside.address() as { port: number }).port)),
    );
    const details = { method: "POST", headers: { ttl: "60" }, body: Buffer.from("x") };
    try {
      await expect(
        postPush(
          { ...details, endpoint: `https://localhost:${port}/push` },
          { allowPrivate: false, timeoutMs: 2_000 },
        ),
      ).rejects.toThrow(/private address/);
      await expect(
        postPush(
          { ...details, endpoint: `https://127.0.0.1:${port}/push` },
          { allowPrivate: false, timeoutMs: 2_000 },
        ),
      ).rejects.toThrow(/private address/);
      await expect(
        postPush(
          { ...details, endpoint: `http://push.example.com:${port}/push` },
          { allowPrivate: false, timeoutMs: 2_000 },
        ),
      ).rejects.toThrow(/not https/);
      expect(connections).toBe(0);
      // With the test-only allowance the same request does connect.
      await postPush(
        { ...details, endpoint: `http://localhost:${port}/push` },
        { allowPrivate: true, timeoutMs: 2_000 },
      ).catch(() => undefined);
      expect(connections).toBe(1);
    } finally {
      await new Promise<void>((resolve) => inside.close(() => resolve()));
    }
  });
});
