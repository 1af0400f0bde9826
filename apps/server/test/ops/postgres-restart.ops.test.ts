import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres, queryRows } from "../../src/db/client";
import { runMigrations } from "../../src/db/migrate";
import { verifyLedger } from "../../src/modules/ledger/verify-ledger";
import { createTestApp, type TestApp } from "../app";
import { createSignedInMember, type SignedInMember } from "../factories";
import {
  call,
  freePort,
  OPS_SECRET,
  type Outcome,
  type ServerProcess,
  sleep,
  startServer,
} from "./server-process";
import { throwawayPostgres, throwawaySkipReason } from "./throwaway-postgres";

const skip = throwawaySkipReason();
const suite = describe.skipIf(skip !== undefined);

interface Op {
  key: string;
  from: SignedInMember;
  to: SignedInMember;
  amount: bigint;
  outcomes: Outcome[];
}

/**
 * ADR 033: PostgreSQL is stopped under a steady load of transfers and started again, on a cluster
 * of the test's own. The app answers 503 (health: not ready) while it is down, recovers by itself
 * (same process, no restart) and loses nothing committed: every 2xx effect exists afterwards, and
 * every request retried with its key lands exactly once.
 */
suite(`PostgreSQL restarted under load (${skip ?? "running"})`, () => {
  let cluster: ReturnType<typeof throwawayPostgres>;
  let database: Database;
  let t: TestApp;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    cluster = throwawayPostgres(await freePort());
    cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url("postgres") });
    await admin.connect();
    await admin.query("create database vv_ops");
    await admin.end();
    database = openPostgres(cluster.url("vv_ops"), 5);
    await runMigrations(database);
    t = await createTestApp({ database, env: { BETTER_AUTH_SECRET: OPS_SECRET } });
  });
  afterAll(async () => {
    server?.kill("SIGKILL");
    await t?.close();
    await database?.close();
    cluster?.destroy();
  });

  it("answers 503 while the database is down, recovers by itself and loses nothing", async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, () => createSignedInMember(t.app, { views: 1_000_000n })),
    );
    server = await startServer({ port: await freePort(), databaseUrl: cluster.url("vv_ops") });
    const { url } = server;

    // Steady load: 8 clients sending transfers, each with its own key, until told to stop.
    const ops: Op[] = [];
    let loading = true;
    const client = async (n: number) => {
      for (let i = 0; loading; i++) {
        const from = people[(n + i) % people.length] as SignedInMember;
        const to = people[(n + i + 1) % people.length] as SignedInMember;
        const op: Op = {
          key: `pg-restart-${n}-${i}`,
          from,
          to,
          amount: BigInt(100 + i),
          outcomes: [],
        };
        ops.push(op);
        op.outcomes.push(await send(op));
        await sleep(20);
      }
    };
    const send = (op: Op) =>
      call(
        url,
        op.from.c.cookie,
        "POST",
        "/api/transfers",
        { recipient: op.to.profile.username, transferType: "VIEWS", amount: String(op.amount) },
        op.key,
      );
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    await sleep(1_500);

    cluster.stop();
    const stoppedAt = Date.now();
    let health: Outcome | undefined;
    for (let i = 0; i < 50; i++) {
      health = await call(url, "", "GET", "/api/health");
      if (health.kind === "answered" && health.status === 503) break;
      await sleep(100);
    }
    expect(health).toMatchObject({ kind: "answered", status: 503 });
    expect(JSON.parse((health as { body: string }).body)).toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      params: { context: "database" },
    });
    await sleep(1_500);
    const during = ops.flatMap((op) => op.outcomes).filter((o) => o.kind === "answered");
    // While it is down, money requests are refused cleanly (503), never half done.
    expect(during.some((o) => o.kind === "answered" && o.status === 503)).toBe(true);

    cluster.start();
    const restartedAt = Date.now();
    let recoveredAt = 0;
    for (let i = 0; i < 100 && !recoveredAt; i++) {
      const res = await call(url, "", "GET", "/api/health");
      if (res.kind === "answered" && res.status === 200) recoveredAt = Date.now();
      else await sleep(100);
    }
    expect(recoveredAt, "health recovers without a restart").toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    await sleep(1_000);
    loading = false;
    await load;

    // Every answer was a success or a clean 503; each client now retries what did not succeed.
    for (const op of ops) {
      for (const o of op.outcomes)
        if (o.kind === "answered") expect([200, 503], o.body).toContain(o.status);
      const last = op.outcomes.at(-1) as Outcome;
      if (last.kind === "answered" && last.status === 200) continue;
      const retry = await send(op);
      op.outcomes.push(retry);
      expect(retry).toMatchObject({ kind: "answered", status: 200 });
    }

    // Nothing committed is lost, nothing applied twice: one transfer per key, each 2xx id exists.
    const succeeded = ops.map((op) => {
      const oks = op.outcomes.filter(
        (o): o is Outcome & { kind: "answered" } => o.kind === "answered" && o.status === 200,
      );
      const transferIds = new Set(
        oks.map((o) => (JSON.parse(o.body) as { transfer: { id: string } }).transfer.id),
      );
      expect(transferIds.size).toBe(1);
      return [...transferIds][0] as string;
    });
    const rows = await queryRows<{ id: string }>(database.db, sql`select id from user_transfers`);
    expect(rows.map((r) => r.id).sort()).toEqual([...succeeded].sort());
    const sent = new Map(people.map((p) => [p.id, 0n]));
    for (const op of ops) {
      sent.set(op.from.id, (sent.get(op.from.id) ?? 0n) - op.amount);
      sent.set(op.to.id, (sent.get(op.to.id) ?? 0n) + op.amount);
    }
    for (const p of people) {
      const res = await call(url, p.c.cookie, "GET", "/api/balances");
      expect(res.kind === "answered" && JSON.parse(res.body).views).toBe(
        String(1_000_000n + (sent.get(p.id) ?? 0n)),
      );
    }
    expect((await verifyLedger(database.db)).problems).toEqual([]);

    const cutOff = ops.filter((op) => op.outcomes.length > 1).length;
    console.info(
      `[ops] PostgreSQL restart: ${ops.length} transfers, database down ${restartedAt - stoppedAt} ms, ` +
        `health 503 within the outage, 200 again ${recoveredAt - restartedAt} ms after the start (no app restart), ` +
        `${cutOff} refused and retried by key, ${succeeded.length} effects applied once, lost 0`,
    );
    server.kill("SIGTERM");
    expect((await server.exited).code).toBe(0);
    server = undefined;
  });
});
