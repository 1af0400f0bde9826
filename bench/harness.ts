import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { RISK_SIGNALS } from "@viewvault/shared";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";

export const root = path.resolve(import.meta.dirname, "..");
export const url = process.env.BENCH_DATABASE_URL as string;
export const PORT = Number(process.env.BENCH_PORT ?? 3400);
export const BASE = `http://127.0.0.1:${PORT}`;

/**
 * The gap between two synthetic watchers' session starts (an SQL interval, multiplied by the
 * watcher's number): more than RISK_SIGNALS.lockstepSeconds, as people start at different
 * moments. Started at one instant, every completion is in lockstep with all the others (ADR 071)
 * and a bench measures the farm detection's rescoring instead of honest completions.
 */
export const WATCH_START_GAP = `interval '${RISK_SIGNALS.lockstepSeconds + 1} seconds'`;

export async function migratedDatabase() {
  const database = openPostgres(url, 8);
  await runMigrations(database);
  return database;
}

let built = false;

/** The server bundle as deployed (apps/server/dist/server.js), built once per bench process. */
function buildServer(): void {
  if (built) return;
  const result = spawnSync(process.execPath, ["build.mjs"], {
    cwd: path.join(root, "apps/server"),
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("the server build failed");
  built = true;
}

type Executor = { execute(query: ReturnType<typeof sql.raw>): Promise<unknown> };

/**
 * A week of past watches, as a running platform has: `count` completed sessions of the members
 * and videos present, one every 5 seconds (none in lockstep), ended two days ago and more (past
 * the rewatch window, and not credited: they refuse no watch of the run). A fresh bench database
 * has no completed session when it is analyzed, so the planner takes the completed sessions'
 * index for empty and each lockstep read (ADR 071) scans every completion of the run, a cost
 * that production, with its history, does not pay.
 */
export async function seedWatchHistory(db: Executor, count = 100_000): Promise<void> {
  await db.execute(
    sql.raw(`with m as (select array_agg(id) as ids from profiles),
      v as (select array_agg(id) as ids from videos)
    insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
      content_completed_at, credited, ad_attested_ms, content_attested_ms)
    select m.ids[1 + g % cardinality(m.ids)], v.ids[1 + g % cardinality(v.ids)], 'COMPLETED',
      s.t - interval '65 seconds', s.t - interval '31 seconds', s.t, false, 30000, 30000
    from m, v, generate_series(1, ${count}) g,
      lateral (select now() - interval '2 days' - g * interval '5 seconds' as t) s`),
  );
}

/** The real server in its own process, as deployed: the bundle, PostgreSQL, no demo data, quiet logs. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  buildServer();
  const child = spawn(
    process.execPath,
    [
      // BENCH_CPU_PROF=<dir>: every server process writes a V8 CPU profile there when it exits.
      ...(process.env.BENCH_CPU_PROF
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
        : []),
      path.join(root, "apps/server/dist/server.js"),
    ],
    {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: url,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        BETTER_AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0001",
        // A fixed pair for the bench (production requires one, ADR 059).
        VAPID_PUBLIC_KEY:
          "BC_G8SzYVcTOc57HtRXEZtoryYvjm6wY1oiJQ5JADd9U2fPnNXheZLMcSnAikMY0GAwxwLyzTg26-HPE7Ir7xpo",
        VAPID_PRIVATE_KEY: "mCI5QbIKwq8nV1eu-uC1fCdi_mz9FfpaTE2pR7tc_kg",
        LOG_LEVEL: "warn",
        TRUST_PROXY: "1",
        RATE_LIMIT_MAX: "100000000",
        DB_POOL_MAX: process.env.BENCH_POOL ?? "16",
        // One worker, as deployed by default (WEB_CONCURRENCY=1): on this two-core machine the
        // load generator and PostgreSQL take most of the CPU, and a second worker only added
        // switching — measured, a balance read cost the server 98-105 µs of CPU with one worker
        // and 144-185 µs with two, a transfer 285 µs against 371-522 µs (ADR 039).
        WEB_CONCURRENCY: process.env.BENCH_WORKERS ?? "1",
        ...extraEnv,
      },
    },
  );
  // BENCH_START_SECONDS (default 60): a loaded machine, or a big database whose ranking the
  // booting server recomputes, can take longer than a few seconds to answer.
  const waits = Number(process.env.BENCH_START_SECONDS ?? 60) * 10;
  for (let i = 0; i < waits; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error("server did not start");
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

export interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(name: string, opts: Omit<autocannon.Options, "url">): Promise<Row> {
  let sample: string | undefined;
  const onResponse = (status: number, body: string) => {
    if (status >= 300 && sample === undefined) sample = `${status} ${body}`.slice(0, 300);
  };
  const withSample = (r: autocannon.Request) => ({ ...r, onResponse });
  const pinned = (opts as PinnedOptions).perConnection;
  let connection = 0;
  const before = cpuSnapshot();
  const result = await autocannon({
    duration: Number(process.env.BENCH_SECONDS ?? 10),
    ...opts,
    url: BASE,
    requests: opts.requests?.map(withSample),
    // A connection that stands for one member keeps that member for the whole run (autocannon
    // clears a request's context after every request, so the context cannot carry it).
    ...(pinned
      ? {
          setupClient(client: { setRequests(requests: autocannon.Request[]): void }) {
            client.setRequests([withSample(pinned(connection++))]);
          },
        }
      : {}),
  } as autocannon.Options);
  const cpu = cpuSplit(before, cpuSnapshot(), result.requests.total);
  if (sample) console.log(`${name}: first non-2xx response: ${sample}`);
  if (cpu) console.log(`${name}: CPU per request ${cpu}`);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/** Load options whose every connection is built by `perConnection(i)` (see perClient). */
type PinnedOptions = Omit<autocannon.Options, "url"> & {
  perConnection?: (i: number) => autocannon.Request;
};

type CpuGroup = "PostgreSQL" | "server" | "load generator" | "other";
/** Clock ticks in user and in kernel mode. */
type Ticks = { user: number; system: number };

/** CPU time (clock ticks) used so far by each process on this machine, with its group. */
function cpuSnapshot(): Map<number, { group: CpuGroup } & Ticks> | undefined {
  if (process.platform !== "linux") return undefined;
  const processes = new Map<number, { group: CpuGroup } & Ticks>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      let group: CpuGroup = "other";
      if (comm === "postgres") group = "PostgreSQL";
      else if (Number(pid) === process.pid) group = "load generator";
      else if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server/dist/server.js"))
        group = "server";
      processes.set(Number(pid), {
        group,
        user: Number(fields[11]),
        system: Number(fields[12]),
      });
    } catch {
      // the process ended while we looked
    }
  }
  return processes;
}

/**
 * Where the machine's CPU went during a load, per request: PostgreSQL (every backend), the server
 * (its workers), the load generator (this process) and everything else, per process: one that
 * started during the load counts from zero, one that ended during it is not counted (rare: the
 * server's pools keep their connections), so a figure can be low, never negative.
 */
function cpuSplit(
  before: Map<number, { group: CpuGroup } & Ticks> | undefined,
  after: Map<number, { group: CpuGroup } & Ticks> | undefined,
  requests: number,
): string | undefined {
  if (!before || !after || requests === 0) return undefined;
  const used = new Map<CpuGroup, Ticks>();
  for (const [pid, now] of after) {
    const then = before.get(pid) ?? { user: 0, system: 0 };
    const sum = used.get(now.group) ?? { user: 0, system: 0 };
    used.set(now.group, {
      user: sum.user + Math.max(0, now.user - then.user),
      system: sum.system + Math.max(0, now.system - then.system),
    });
  }
  const tick = 10_000; // µs per clock tick (CLK_TCK = 100 on Linux)
  const µs = (ticks: number) => Math.round((ticks * tick) / requests);
  const parts: string[] = [];
  let total = 0;
  for (const group of ["PostgreSQL", "server", "load generator", "other"] as CpuGroup[]) {
    const { user, system } = used.get(group) ?? { user: 0, system: 0 };
    total += user + system;
    parts.push(`${group} ${µs(user + system)} µs (kernel ${µs(system)})`);
  }
  return `${parts.join(", ")}; total ${µs(total)} µs`;
}

export function printTable(rows: Row[], extra: string[] = []): void {
  console.log("\n| benchmark | req/s | p50 ms | p99 ms | non-2xx | errors |");
  console.log("|---|---:|---:|---:|---:|---:|");
  for (const r of rows)
    console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
  for (const line of extra) console.log(line);
}

/** The session cookie of `token`, signed as Better Auth signs it with the server's `secret`. */
export function sessionCookie(secret: string, token: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `vv.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Idempotency-Keys unique across runs and bench processes (a member's keys outlive a run). */
const KEY_TAG = Date.now().toString(36);
let keysSent = 0;

/**
 * Load where each of `clients` connections is one signed-in member with its own cookie and
 * address, for the whole run: connection i sends as member i (a member's requests never overlap,
 * as for a person clicking; concurrency comes from many members).
 */
export function perClient(opts: {
  clients: number;
  cookieOf: (i: number) => string;
  method: "GET" | "POST";
  path: (i: number) => string;
  body?: (i: number) => object;
  amount?: number;
  /**
   * The path or body changes from one request to the next (e.g. the next offer to buy): built per
   * request. Otherwise each connection's request is built once and its bytes reused, so the load
   * generator spends its CPU on sending, not on building (it shares the machine with the server).
   */
  varies?: boolean;
  /**
   * Every request carries a fresh Idempotency-Key, as the web app's money buttons send one (the
   * command then also claims the key and stores its answer). Implies `varies`.
   */
  keyed?: boolean;
}): Omit<autocannon.Options, "url"> {
  const { clients, cookieOf, method, path, body, amount, keyed } = opts;
  const varies = opts.varies || keyed;
  const perConnection = (n: number): autocannon.Request => {
    const i = n % clients;
    const build = () => ({
      method,
      path: path(i),
      headers: {
        ...(body ? { "content-type": "application/json" } : {}),
        ...(keyed ? { "idempotency-key": `bench-${KEY_TAG}-${++keysSent}` } : {}),
        origin: BASE,
        cookie: cookieOf(i),
        "x-forwarded-for": ipFor(i),
      },
      ...(body ? { body: JSON.stringify(body(i)) } : {}),
    });
    return varies
      ? { method, setupRequest: (req: autocannon.Request) => ({ ...req, ...build() }) }
      : build();
  };
  return {
    connections: clients,
    ...(amount ? { amount } : {}),
    requests: [{ method }],
    perConnection,
  } as PinnedOptions;
}

/** A distinct client address per connection (the server trusts X-Forwarded-For here). */
export function ipFor(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

export async function signInCookie(email: string, password: string, ip: string): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: BASE, "x-forwarded-for": ip },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

let pgbenchDb: string | undefined;

/** pgbench's connection arguments for the bench database's server. */
function pgbenchArgs(): string[] {
  const u = new URL(url);
  return [
    "-h",
    u.hostname,
    "-p",
    u.port || "5432",
    "-U",
    decodeURIComponent(u.username || "postgres"),
  ];
}

/**
 * pgbench on the same PostgreSQL, 10 s at `clients` clients: TPC-B by default, `-S` for
 * select-only. Its database (scale `scale`) is created once per bench process and dropped by
 * `dropPgbench()`.
 */
export async function pgbenchTps(
  clients: number,
  scale: number,
  extra: string[] = [],
): Promise<number> {
  if (!pgbenchDb) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const name = `${new URL(url).pathname.slice(1)}_pgbench`;
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const init = spawnSync("pgbench", [...pgbenchArgs(), "-i", "-q", "-s", String(scale), name], {
      encoding: "utf8",
    });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    pgbenchDb = name;
    process.once("beforeExit", () => void dropPgbench());
  }
  const run = spawnSync(
    "pgbench",
    [...pgbenchArgs(), "-c", String(clients), "-j", "2", "-T", "10", "-n", ...extra, pgbenchDb],
    { encoding: "utf8" },
  );
  const match = run.stdout.match(/tps = ([\d.]+)/);
  if (!match) throw new Error(`pgbench failed: ${run.stderr}`);
  return Number(match[1]);
}

export async function dropPgbench(): Promise<void> {
  if (!pgbenchDb) return;
  const name = pgbenchDb;
  pgbenchDb = undefined;
  const drop = new pg.Client({ connectionString: url });
  await drop.connect();
  await drop.query(`drop database if exists ${name} with (force)`);
  await drop.end();
}

/**
 * BENCH_FUNCTION_STATS=1: PostgreSQL's own time per SQL function (track_functions = 'pl' on the
 * bench database), reset before a scenario and printed after it — where a money command's
 * database time goes, without pg_stat_statements.
 */
export const functionStats = process.env.BENCH_FUNCTION_STATS === "1";

export async function trackFunctions(db: Executor): Promise<void> {
  if (!functionStats) return;
  const name = new URL(url).pathname.slice(1);
  await db.execute(sql.raw(`alter database ${name} set track_functions = 'pl'`));
  // Where the server loads pg_stat_statements, each scenario also prints its costliest statements.
  const loaded = (await db.execute(
    sql.raw(`select 1 from pg_settings where name = 'shared_preload_libraries'
             and setting like '%pg_stat_statements%'`),
  )) as { rows: unknown[] };
  if (loaded.rows.length) {
    await db.execute(sql.raw("create extension if not exists pg_stat_statements"));
    statementStats = true;
  }
}

let statementStats = false;

export async function resetFunctionStats(db: Executor): Promise<void> {
  if (!functionStats) return;
  await db.execute(sql.raw("select pg_stat_reset()"));
  if (statementStats) await db.execute(sql.raw("select pg_stat_statements_reset()"));
}

export async function printFunctionStats(db: Executor, scenario: string): Promise<void> {
  if (!functionStats) return;
  await new Promise((r) => setTimeout(r, 2_000));
  await db.execute(sql.raw("select pg_stat_clear_snapshot()"));
  const result = (await db.execute(
    sql.raw(`select funcname as name, calls::int, round(total_time::numeric, 0)::float as total,
                    round(self_time::numeric, 0)::float as self,
                    round((self_time / nullif(calls, 0) * 1000)::numeric, 1)::float as "selfµs"
             from pg_stat_user_functions order by self_time desc limit 8`),
  )) as { rows: Array<Record<string, unknown>> };
  console.log(`\nPostgreSQL function time during ${scenario} (ms, self µs per call):`);
  for (const r of result.rows)
    console.log(
      `  ${r.name}: ${r.calls} calls, total ${r.total}, self ${r.self} (${r["selfµs"]} µs)`,
    );
  const hot = (await db.execute(
    sql.raw(`select relname as name, n_tup_upd::int as updates, n_tup_hot_upd::int as hot
             from pg_stat_user_tables where n_tup_upd > 0 order by n_tup_upd desc limit 4`),
  )) as { rows: Array<{ name: string; updates: number; hot: number }> };
  if (statementStats) {
    const statements = (await db.execute(
      sql.raw(`select calls::int, plans::int, round(total_exec_time::numeric, 0)::float as total,
                      round((total_exec_time / nullif(calls, 0) * 1000)::numeric, 1)::float as per_call,
                      regexp_replace(left(query, 110), '\\s+', ' ', 'g') as query
               from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())
               order by total_exec_time desc limit 14`),
    )) as { rows: Array<Record<string, unknown>> };
    console.log(
      "  statements (pg_stat_statements, nested included: ms total, µs per call; plans when pg_stat_statements.track_planning is on):",
    );
    for (const r of statements.rows)
      console.log(
        `    ${r.calls} × ${r.per_call} µs = ${r.total} ms, ${r.plans} plans  ${r.query}`,
      );
  }
  console.log(
    `  updates in place (HOT): ${hot.rows.map((r) => `${r.name} ${r.hot}/${r.updates}`).join(", ")}`,
  );
}
