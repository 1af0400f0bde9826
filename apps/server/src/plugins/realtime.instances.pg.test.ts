import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signIn, uniqueUser } from "../../test/accounts";
import { createTestApp, type TestApp } from "../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../test/database";
import { fund } from "../../test/factories";
import { openPostgres } from "../db/client";
import { createAccount } from "../modules/auth/create-account";
import { verifyLedger } from "../modules/ledger/verify-ledger";
import { setMemberSuspended } from "../modules/members/suspension.service";

const suite = describe.skipIf(!pgUrl);
const SECRET = "test-secret-test-secret-test-secret-1234";

/**
 * Two instances on one PostgreSQL, as deployed behind a load balancer: what one instance does
 * reaches the other at once — balance changes to open streams, and sign-outs and suspensions to
 * the other instance's cache of signed-in members (ADR 013).
 */
suite(`two instances on one PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let a: TestApp;
  let b: TestApp;
  let closeB: () => Promise<void>;

  beforeAll(async () => {
    const database = await createPostgresDatabase(20);
    a = await createTestApp({ database, env: { BETTER_AUTH_SECRET: SECRET } });
    const second = openPostgres(database.url, 20);
    b = await createTestApp({ database: second, env: { BETTER_AUTH_SECRET: SECRET } });
    closeB = () => second.close();
  });
  afterAll(async () => {
    await b.close();
    await closeB();
    await a.close();
    await a.database.close();
  });

  async function member(views = 0n) {
    const user = uniqueUser("twin");
    const { profile } = await createAccount(a.database.db, { ...user, role: "member" });
    if (views) await fund(a.database.db, profile.id, { views });
    const onA = client(a.app);
    expect((await signIn(onA, user.email, user.password)).statusCode).toBe(200);
    // The same browser (same cookie) is routed to the other instance.
    const onB = client(b.app, onA.ip);
    return { profile, user, onA, onB: { ...onB, cookie: onA.cookie }, cookie: onA.cookie };
  }

  const get = (app: TestApp, cookie: string, url: string) =>
    app.app.inject({ method: "GET", url, headers: { cookie } });

  it("wakes a stream on one instance when money moves on the other", async () => {
    const watcher = await member();
    const sender = await member(500n);
    await b.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = b.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/balances/stream`, {
      headers: { cookie: watcher.cookie },
      signal: controller.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    const seen = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return false;
        text += new TextDecoder().decode(value);
        if (text.includes('"views":"150"')) return true;
      }
    })();
    await new Promise((r) => setTimeout(r, 200));
    const sent = await sender.onA.request("POST", "/api/transfers", {
      recipient: watcher.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The event crosses instances through the database's NOTIFY; the wait only stops a hang.
    const arrived = await Promise.race([
      seen,
      new Promise((r) => setTimeout(() => r(false), 20_000)),
    ]);
    controller.abort();
    expect(arrived).toBe(true);
  });

  it("announces a winner to every stream and a bonus to its member's, on the other instance", async () => {
    const watcher = await member();
    const stranger = await member();
    if (!b.app.server.listening) await b.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = b.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/api/balances/stream`, {
      headers: { cookie: watcher.cookie },
      signal: controller.signal,
    });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    const until = (needle: string) =>
      Promise.race([
        (async () => {
          while (!text.includes(needle)) {
            const { value, done } = await reader.read();
            if (done) return false;
            text += new TextDecoder().decode(value);
          }
          return true;
        })(),
        new Promise<boolean>((r) => setTimeout(() => r(false), 3_000)),
      ]);
    await until("event: balances");
    a.app.realtime.announce("rewards", [stranger.profile.id]);
    a.app.realtime.announce("events", null);
    expect(await until("event: events")).toBe(true);
    expect(text).not.toContain("event: rewards");
    a.app.realtime.announce("rewards", [watcher.profile.id]);
    expect(await until("event: rewards")).toBe(true);
    controller.abort();
  });

  it("forgets a signed-out session on every instance at once", async () => {
    const m = await member();
    // Both instances have the member cached.
    expect((await get(a, m.cookie, "/api/balances")).statusCode).toBe(200);
    expect((await get(b, m.cookie, "/api/balances")).statusCode).toBe(200);
    const out = await m.onA.request("POST", "/api/auth/sign-out", {});
    expect(out.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(b, m.cookie, "/api/balances")).statusCode).toBe(401);
  });

  it("refuses a member suspended on another instance at once", async () => {
    const m = await member();
    const admin = await createAccount(a.database.db, { ...uniqueUser("admin"), role: "admin" });
    expect((await get(b, m.cookie, "/api/balances")).statusCode).toBe(200);
    await setMemberSuspended({
      db: a.database.db,
      clock: a.app.clock,
      actorProfileId: admin.profile.id,
      targetProfileId: m.profile.id,
      suspended: true,
    });
    await new Promise((r) => setTimeout(r, 100));
    expect((await get(b, m.cookie, "/api/balances")).statusCode).toBe(401);
    expect((await verifyLedger(a.database.db)).problems).toEqual([]);
  });
});
