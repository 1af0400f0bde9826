import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/client";
import { createTestApp, type TestApp } from "../app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../database";
import { createSignedInMember, USDT } from "../factories";
import {
  call,
  freePort,
  OPS_SECRET,
  type Outcome,
  type ServerProcess,
  sleep,
  startServer,
} from "./server-process";

const suite = describe.skipIf(!pgUrl);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

interface Op {
  key: string;
  cookie: string;
  from: string;
  to: string | null;
  route: "/api/transfers" | "/api/swaps";
  body: Record<string, string>;
  first?: Outcome;
  final?: Outcome & { kind: "answered" };
}

/**
 * ADR 033: the server is killed with SIGKILL in the middle of a burst of transfers and swaps on
 * real PostgreSQL. Every request either got its answer or failed on the wire; after a restart,
 * every request is retried with its Idempotency-Key and reaches exactly one effect (a request
 * committed before the kill replays its stored answer), balances add up and the ledger verifies.
 */
suite(`SIGKILL during a burst of postings (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
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

  it("every request is applied exactly once after a kill, a restart and retries", async () => {
    const people = await Promise.all(
      Array.from({ length: 8 }, () =>
        createSignedInMember(t.app, { views: 1_000_000n, usdt: USDT(100_000) }),
      ),
    );
    const port = await freePort();
    server = await startServer({ port, databaseUrl: database.url });

    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const ops = Array.from({ length: 300 }, (_, i): Op => {
      const from = people[rand(people.length)]!;
      const key = `crash-${i}-${from.id.slice(0, 8)}`;
      if (rand(3) === 0) {
        return {
          key,
          cookie: from.c.cookie,
          from: from.id,
          to: null,
          route: "/api/swaps",
          body: { direction: "VIEWS_TO_USDT", amount: String(10 + rand(300)) },
        };
      }
      const to = people[(people.indexOf(from) + 1 + rand(people.length - 1)) % people.length]!;
      const usdt = rand(2) === 0;
      return {
        key,
        cookie: from.c.cookie,
        from: from.id,
        to: to.id,
        route: "/api/transfers",
        body: {
          recipient: to.profile.username,
          transferType: usdt ? "USDT" : "VIEWS",
          amount: String(usdt ? 100 + rand(50) : 100 + rand(400)),
        },
      };
    });

    // The burst: 24 clients at once; SIGKILL once 60 answers have come back.
    const url = server.url;
    let answered = 0;
    let next = 0;
    const first = server;
    const worker = async () => {
      for (let op = ops[next++]; op; op = ops[next++]) {
        op.first = await call(url, op.cookie, "POST", op.route, op.body, op.key);
        if (op.first.kind === "answered" && ++answered === 60) first.kill("SIGKILL");
      }
    };
    await Promise.all(Array.from({ length: 24 }, worker));
    expect((await first.exited).signal).toBe("SIGKILL");

    const failed = ops.filter((op) => op.first?.kind === "failed");
    const answers = ops.filter((op) => op.first?.kind === "answered");
    expect(failed.length, "the kill cut requests off").toBeGreaterThan(0);
    // An answer is a real one: success, or a clean refusal (never a half-done 5xx).
    for (const op of answers)
      expect([200, 422], op.first?.kind === "answered" ? op.first.body : "").toContain(
        (op.first as { status: number }).status,
      );

    // Restart on the same port; every client retries every request with its key.
    server = await startServer({ port, databaseUrl: database.url });
    for (let i = 0; i < ops.length; i += 24) {
      await Promise.all(
        ops.slice(i, i + 24).map(async (op) => {
          const retry = await call(server!.url, op.cookie, "POST", op.route, op.body, op.key);
          if (retry.kind !== "answered") throw new Error(`retry failed: ${retry.error}`);
          op.final = retry;
        }),
      );
    }
    let committedUnanswered = 0;
    for (const op of ops) {
      const final = op.final!;
      expect([200, 422]).toContain(final.status);
      if (op.first?.kind === "answered") {
        // An answered success replays its stored answer, byte for byte (a refusal moved nothing
        // and is refused again).
        expect(final.replayed).toBe(op.first.status === 200);
        expect(final.status).toBe(op.first.status);
        expect(final.body).toBe(op.first.body);
      } else if (final.replayed) committedUnanswered++;
    }

    // Effects: exactly the successful keys, once each, and the balances they imply.
    const ok = ops.filter((op) => op.final?.status === 200);
    const ids = ok.map((op) => {
      const body = JSON.parse(op.final!.body) as {
        transfer?: { id: string };
        swap?: { id: string };
      };
      return (body.transfer ?? body.swap)!.id;
    });
    expect(new Set(ids).size).toBe(ok.length);
    const [counts] = await queryRows<{ transfers: string; swaps: string }>(
      database.db,
      sql`select (select count(*) from user_transfers) as transfers,
                 (select count(*) from swap_transactions) as swaps`,
    );
    expect(Number(counts?.transfers)).toBe(ok.filter((op) => op.route === "/api/transfers").length);
    expect(Number(counts?.swaps)).toBe(ok.filter((op) => op.route === "/api/swaps").length);

    const expected = new Map(people.map((p) => [p.id, { views: 1_000_000n, usdt: USDT(100_000) }]));
    for (const op of ok) {
      const from = expected.get(op.from)!;
      const amount = BigInt(op.body.amount!);
      if (op.route === "/api/swaps") {
        from.views -= amount;
        from.usdt += amount * 100_000n;
      } else {
        const to = expected.get(op.to!)!;
        const field = op.body.transferType === "USDT" ? "usdt" : "views";
        const units = field === "usdt" ? amount * 1_000_000n : amount;
        from[field] -= units;
        to[field] += units;
      }
    }
    for (const p of people) {
      const res = await call(server.url, p.c.cookie, "GET", "/api/balances");
      expect(res.kind === "answered" && JSON.parse(res.body)).toMatchObject({
        views: String(expected.get(p.id)!.views),
        usdt: String(expected.get(p.id)!.usdt),
      });
    }

    const verify = spawnSync(
      process.execPath,
      ["--import", "tsx", "src/scripts/ledger-verify.ts"],
      {
        cwd: serverDir,
        env: { PATH: process.env.PATH ?? "", DATABASE_URL: database.url, LOG_LEVEL: "silent" },
        encoding: "utf8",
      },
    );
    expect(verify.status, verify.stdout + verify.stderr).toBe(0);
    expect(verify.stdout).toContain("ledger OK");

    console.info(
      `[ops] SIGKILL burst: ${ops.length} requests, 1 kill, ${answers.length} answered before it, ` +
        `${failed.length} cut off and retried (${committedUnanswered} had committed: replayed), ` +
        `${ok.length} effects applied once, lost 0, applied twice 0`,
    );
    server.kill("SIGTERM");
    await server.exited;
    server = undefined;
    await sleep(0);
  });
});
