// Events: a claim storm — 1,000 members with the dashboard open claim the Daily First Claim at its
// opening second, all at once (goal: one winner, p99 < 200 ms) — and presence heartbeats/s at 32 clients (goal ≥ 3,300/s,
// 100,000 members online with a 30 s heartbeat). The storm runs the server in test mode with one
// worker so the bench can move its clock to 13:00 Los Angeles time (POST /api/test/clock);
// heartbeats run the production server (Redis presence when BENCH_REDIS_URL is set, otherwise
// each worker's in-process presence).
import net from "node:net";
import { sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import {
  BASE,
  ipFor,
  load,
  migratedDatabase,
  PORT,
  printTable,
  type Row,
  sessionCookie,
  startServer,
  stopServer,
} from "./harness";

const CLIENTS = 32;
const STORM = Number(process.env.BENCH_STORM ?? 1_000);
const MEMBERS = Math.max(STORM, 2_000);
const SECRET = "bench-secret-bench-secret-bench-secret-0001";
const database = await migratedDatabase();
const db = database.db;
const exec = (q: string) => db.execute(sql.raw(q));

await exec(`insert into users (id, name, email, email_verified, username, display_username)
    select 'eu' || g, 'e' || g, 'e' || g || '@bench.test', true, 'e' || g, 'e' || g
    from generate_series(1, ${MEMBERS}) g`);
await exec(`insert into sessions (id, token, user_id, expires_at)
    select 'es' || g, 'eventtoken' || g, 'eu' || g, now() + interval '7 days'
    from generate_series(1, ${MEMBERS}) g`);
const tokens = (
  await queryRows<{ token: string }>(
    db,
    sql`select token from sessions where token like 'eventtoken%' order by id`,
  )
).map((r) => r.token);
const cookie = (token: string) => sessionCookie(SECRET, token);
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const rows: Row[] = [];
const extra: string[] = [];

/**
 * The bench database's committed and rolled-back transactions so far (each statement the server
 * runs is one; a claim the database refuses rolls back), after the statistics settle: PostgreSQL
 * 15 flushes an idle connection's counters only after 10 s, so with a shorter wait the dashboard
 * loads before the storm were counted as the storm's (1,100-1,800 "statements" for ~20 real ones).
 */
async function databaseTransactions(): Promise<{ commits: number; rollbacks: number }> {
  await new Promise((r) => setTimeout(r, 11_000));
  await exec("select pg_stat_clear_snapshot()");
  const [row] = await queryRows<{ commits: number; rollbacks: number }>(
    db,
    sql`select xact_commit::int as commits, xact_rollback::int as rollbacks
        from pg_stat_database where datname = current_database()`,
  );
  return row ?? { commits: 0, rollbacks: 0 };
}

/**
 * One claimant's browser connection, kept alive from the dashboard's first load to the claim. The
 * storm's client is 1,000 of them on the same two cores as the server, so it is as cheap as a
 * client can be (as autocannon is): each request's bytes are written as they are, and an answer
 * is complete once its headers and `content-length` bytes of body are in. Node's HTTP client cost
 * ~150 µs a request here, and the answers queued behind the client's own sending (ADR 040).
 */
class Connection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: ((answer: { status: number; at: number }) => void) | undefined;

  private constructor(socket: net.Socket) {
    this.socket = socket;
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => this.received(chunk));
  }

  static open(): Promise<Connection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(PORT, "127.0.0.1", () => resolve(new Connection(socket)));
      socket.once("error", reject);
    });
  }

  /** Sends one request; resolves with its status and the moment its last byte arrived. */
  send(method: string, path: string, headers: Record<string, string>) {
    const lines = [`${method} ${path} HTTP/1.1`, `host: 127.0.0.1:${PORT}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (method !== "GET") lines.push("content-length: 0");
    const bytes = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`);
    return new Promise<{ status: number; at: number }>((resolve) => {
      this.waiting = resolve;
      this.socket.write(bytes);
    });
  }

  private received(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = this.buffered.indexOf("\r\n\r\n");
    if (end < 0) return;
    const head = this.buffered.subarray(0, end).toString("latin1");
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    if (this.buffered.length < end + 4 + length) return;
    const status = Number(head.slice(9, 12));
    this.buffered = this.buffered.subarray(end + 4 + length);
    const resolve = this.waiting;
    this.waiting = undefined;
    resolve?.({ status, at: performance.now() });
  }

  close(): void {
    this.socket.destroy();
  }
}

// 1. The claim storm at the opening second.
let server = await startServer({ NODE_ENV: "test", E2E_CLOCK: "1", WEB_CONCURRENCY: "1" });
try {
  const first = cookie(tokens[0] as string);
  const state = (await (
    await fetch(`${BASE}/api/events`, { headers: { cookie: first } })
  ).json()) as { now: string; daily: { open: boolean; opensAt: string; nextOpensAt: string } };
  const target = state.daily.open ? state.daily.nextOpensAt : state.daily.opensAt;
  const advanceMs = new Date(target).getTime() - new Date(state.now).getTime() + 50;
  // The claimants have the dashboard open, counting down (its events card loaded the state):
  // their sessions are known to the server before the opening second, as in real life. The server
  // clock jumps up to a day ahead to reach 13:00; sessions refreshed "now" by the real clock would
  // all look due for their daily refresh at the moved time (and take Better Auth's slow path), so
  // they are dated as refreshed a minute before the opening — as a session in use would be.
  const claimants = tokens.slice(0, STORM);
  await exec(`update sessions set updated_at = '${new Date(new Date(target).getTime() - 60_000).toISOString()}'::timestamptz
              where token like 'eventtoken%'`);
  // Every instance forgets those members (vv_members NOTIFY) before they are loaded again.
  await new Promise((r) => setTimeout(r, 500));
  // Each claimant's browser holds its connection open (the dashboard's requests and its balance
  // stream): all of them load the state at once, and their connections stay open for the claim.
  const connections = await Promise.all(claimants.map(() => Connection.open()));
  const loaded = await Promise.all(
    connections.map((c, i) =>
      c.send("GET", "/api/events", { cookie: cookie(claimants[i] as string) }),
    ),
  );
  if (loaded.some((a) => a.status !== 200)) throw new Error("a claimant's dashboard did not load");
  await fetch(`${BASE}/api/test/clock`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE },
    body: JSON.stringify({ advanceMs }),
  });
  const before = await databaseTransactions();
  const started = performance.now();
  const results = await Promise.all(
    connections.map(async (c, i) => {
      const t0 = performance.now();
      const answer = await c.send("POST", "/api/events/daily/claim", {
        cookie: cookie(claimants[i] as string),
        origin: BASE,
        "x-forwarded-for": ipFor(i + 1),
      });
      return { status: answer.status, ms: answer.at - t0 };
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const after = await databaseTransactions();
  const latencies = results.map((r) => r.ms).sort((a, b) => a - b);
  const winners = results.filter((r) => r.status === 201).length;
  const tooLate = results.filter((r) => r.status === 409).length;
  rows.push({
    name: `daily claim storm (${STORM} at once)`,
    rps: Math.round(STORM / wall),
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    non2xx: STORM - winners,
    errors: STORM - winners - tooLate,
  });
  extra.push(
    `claim storm: ${winners} winner(s), ${tooLate} "Too Late!", wall ${wall.toFixed(2)} s`,
    `claim storm: ${after.rollbacks - before.rollbacks} claims refused by the database (rolled back), ${after.commits - before.commits} committed statements (session look-ups, rate-limit counters, the winner)`,
  );
  for (const c of connections) c.close();
  if (winners !== 1) throw new Error(`expected one winner, got ${winners}`);
} finally {
  await stopServer(server);
}

// 2. Presence heartbeats.
server = await startServer(
  process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {},
);
try {
  let next = 0;
  const cookies = tokens.map(cookie);
  rows.push(
    await load("POST /api/presence (heartbeat)", {
      connections: CLIENTS,
      requests: [
        {
          method: "POST",
          path: "/api/presence",
          headers: { "content-type": "application/json", origin: BASE },
          body: JSON.stringify({ state: "online" }),
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, cookie: cookies[next++ % cookies.length] as string },
          }),
        },
      ],
    }),
  );
} finally {
  await stopServer(server);
}

const report = await verifyLedger(db);
extra.push(`ledger verify: ${report.problems.length} problem(s)`);
printTable(rows, extra);
await database.close();
if (report.problems.length) process.exit(1);
