import http from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client";
import { createTestApp, type TestApp } from "../app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../database";
import { createSignedInMember } from "../factories";
import {
  call,
  freePort,
  OPS_SECRET,
  type ServerProcess,
  sleep,
  startServer,
} from "./server-process";

const suite = describe.skipIf(!pgUrl);
const DELAY_MS = 1_500;

/**
 * ADR 033: SIGTERM drains. Health answers 503 "draining" at once while requests are still served
 * for SHUTDOWN_DELAY_MS; then an open live-balance stream is ended (it does not hold the server
 * open), new connections are refused, a request already in flight (its body still arriving) is
 * answered and applied, and the process exits 0 well inside SHUTDOWN_TIMEOUT_MS.
 */
suite(`SIGTERM drains (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createPostgresDatabase(5);
    t = await createTestApp({ database, env: { BETTER_AUTH_SECRET: OPS_SECRET } });
  });
  afterAll(async () => {
    server?.kill("SIGKILL");
    await t?.close();
    await database?.close();
  });

  it("ends streams, refuses new connections, finishes requests in flight and exits 0", async () => {
    const [sender, watcher] = await Promise.all([
      createSignedInMember(t.app, { views: 10_000n }),
      createSignedInMember(t.app),
    ]);
    server = await startServer({
      port: await freePort(),
      databaseUrl: database.url,
      env: { SHUTDOWN_DELAY_MS: String(DELAY_MS), SHUTDOWN_TIMEOUT_MS: "8000" },
    });
    const { url } = server;

    // An open live-balance stream.
    const stream = await fetch(`${url}/api/balances/stream`, {
      headers: { cookie: watcher.c.cookie, origin: url },
    });
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("event: balances");
    let streamText = "";
    const streamEnded = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return Date.now();
        streamText += new TextDecoder().decode(value);
      }
    })().catch(() => -1);

    // A transfer in flight: headers and half its body sent, on a kept-alive connection.
    const body = JSON.stringify({
      recipient: watcher.profile.username,
      transferType: "VIEWS",
      amount: "250",
    });
    const agent = new http.Agent({ keepAlive: true });
    const inFlight = http.request(`${url}/api/transfers`, {
      method: "POST",
      agent,
      headers: {
        origin: url,
        cookie: sender.c.cookie,
        "content-type": "application/json",
        "content-length": Buffer.byteLength(body),
        "idempotency-key": "drain-in-flight-1",
      },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      inFlight.on("response", (res) => {
        let text = "";
        res.on("data", (d) => {
          text += d;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      inFlight.on("error", reject);
    });
    inFlight.write(body.slice(0, 20));
    await sleep(200);

    const termAt = Date.now();
    server.kill("SIGTERM");
    await sleep(200);
    // Draining: health says so at once; ordinary requests are still served during the delay.
    const health = await call(url, "", "GET", "/api/health");
    expect(health).toMatchObject({ kind: "answered", status: 503 });
    expect(JSON.parse((health as { body: string }).body)).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      params: { context: "draining" },
    });
    expect(await call(url, sender.c.cookie, "GET", "/api/balances")).toMatchObject({
      kind: "answered",
      status: 200,
    });

    // After the delay: the stream is ended and new connections are refused.
    const streamEndedAt = await streamEnded;
    expect(streamEndedAt - termAt).toBeGreaterThanOrEqual(DELAY_MS - 100);
    // Ended cleanly, with a hint to reconnect (elsewhere) a second later.
    expect(streamText).toContain("retry: 1000");
    let refused = false;
    for (let i = 0; i < 50 && !refused; i++) {
      const res = await call(url, "", "GET", "/api/health");
      refused = res.kind === "failed";
      if (!refused) await sleep(50);
    }
    expect(refused, "new connections are refused while draining").toBe(true);
    expect(server.child.exitCode, "the request in flight holds the server open").toBeNull();

    // The request in flight completes, is answered and applied.
    inFlight.end(body.slice(20));
    const done = await answer;
    expect(done.status, done.body).toBe(200);
    // It then exits by itself (a hang is the suite's time limit, not a stopwatch here).
    const exit = await server.exited;
    const drainMs = Date.now() - termAt;
    expect(exit, server.output()).toEqual({ code: 0, signal: null });
    agent.destroy();
    const [row] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from user_transfers where sender_id = ${sender.id}`,
    );
    expect(Number(row?.n)).toBe(1);
    console.info(
      `[ops] SIGTERM drain: stream ended ${streamEndedAt - termAt} ms after SIGTERM, ` +
        `request in flight answered 200, exit 0 after ${drainMs} ms`,
    );
    server = undefined;
  });
});
