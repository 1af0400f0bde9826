// npm run cluster:scale — how transfers/s through nginx grow from one instance to two (ADR 032):
// its own database, 64 signed-in members, SCALE_SECONDS (default 10) of POST /api/transfers at
// 32 connections through nginx with 1, 2, 1, 2 instances (SCALE_RUNS; one process each), and pgbench TPC-B
// (scale 50, 32 clients) on the same PostgreSQL in the same run. For each run it reads, from
// /proc, the CPU seconds spent by the instances, nginx, this database's PostgreSQL backends and
// the load generator, and how busy the whole machine was (other work included): where the
// bottleneck sits. `npm run build` first.
import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openPostgres, queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import { fund } from "../apps/server/test/factories";
import { adminQuery, databaseUrl } from "./admin-db";
import { type Cluster, startCluster } from "./cluster";

const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
/** Instances per run, alternated so that the machine's other load falls on both (default 1,2,1,2). */
const RUNS = (process.env.SCALE_RUNS ?? "1,2,1,2").split(",").map(Number);
const CONNECTIONS = 32;
const MEMBERS = 64;
const SECRET = randomUUID() + randomUUID();
const dbName = `vv_cluster_scale_${Date.now()}`;
const dbUrl = databaseUrl(dbName);
const TICK = 100; // USER_HZ on Linux

/** Every process: pid, command line, CPU ticks (user + system) so far. */
function processes(): Array<{ pid: number; cmd: string; ticks: number }> {
  const out: Array<{ pid: number; cmd: string; ticks: number }> = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8").replaceAll("\0", " ");
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.push({ pid: Number(entry), cmd, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
}

/** The machine's busy and total CPU ticks so far. */
function machine(): { busy: number; total: number } {
  const cpu = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "")
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}

type Group = "node instances" | "nginx" | "postgres (this database)" | "load generator";

/** CPU seconds per group between two snapshots (processes present in both). */
function cpuSplit(cluster: Cluster, database: string, run: () => Promise<void>) {
  return async () => {
    const pids = new Set(cluster.instances.map((i) => i.pid));
    const groupOf = (p: { pid: number; cmd: string }): Group | undefined => {
      if (pids.has(p.pid)) return "node instances";
      if (p.cmd.startsWith("nginx:") || p.cmd.includes(cluster.dir)) return "nginx";
      if (p.cmd.startsWith("postgres:") && p.cmd.includes(` ${database} `))
        return "postgres (this database)";
      return undefined;
    };
    const before = new Map(processes().map((p) => [p.pid, p]));
    const m0 = machine();
    const self0 = process.cpuUsage();
    const nginxPids = new Set<number>();
    for (const p of before.values()) if (groupOf(p) === "nginx") nginxPids.add(p.pid);
    await run();
    const self = process.cpuUsage(self0);
    const m1 = machine();
    const split = new Map<Group, number>();
    for (const p of processes()) {
      const group = nginxPids.has(p.pid) ? "nginx" : groupOf(p);
      if (!group) continue;
      // A backend the pools opened during the run spent all its CPU in it.
      const start = before.get(p.pid)?.ticks ?? 0;
      split.set(group, (split.get(group) ?? 0) + (p.ticks - start) / TICK);
    }
    split.set("load generator", (self.user + self.system) / 1e6);
    const cores = (m1.total - m0.total) / TICK / SECONDS;
    return { split, machineBusy: (m1.busy - m0.busy) / (m1.total - m0.total), cores };
  };
}

async function transfersThrough(cluster: Cluster, members: Array<{ username: string; n: number }>) {
  const cookie = (n: number) => {
    const token = `scale-token-${n}`;
    const signature = createHmac("sha256", SECRET).update(token).digest("base64");
    return `vv.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
  };
  let next = 0;
  let sample: string | undefined;
  const half = MEMBERS / 2;
  const result = await autocannon({
    url: cluster.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: "POST",
        path: "/api/transfers",
        onResponse(status: number, body: string) {
          if (status >= 300 && sample === undefined) sample = `${status} ${body}`.slice(0, 300);
        },
        setupRequest(req: autocannon.Request, context: { i?: number }) {
          context.i ??= next++ % half;
          const from = members[context.i] as { n: number };
          const to = members[half + context.i] as { username: string };
          return {
            ...req,
            headers: {
              "content-type": "application/json",
              origin: cluster.url,
              cookie: cookie(from.n),
            },
            body: JSON.stringify({ recipient: to.username, transferType: "VIEWS", amount: "100" }),
          };
        },
      },
    ],
  } as autocannon.Options);
  if (sample) console.log(`first non-2xx answer: ${sample}`);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

function pgbench(name: string): number {
  const u = new URL(databaseUrl(name));
  const args = ["-h", u.hostname, "-p", u.port || "5432", "-U", u.username || "postgres"];
  const init = spawnSync("pgbench", [...args, "-i", "-q", "-s", "50", name], { encoding: "utf8" });
  if (init.status !== 0) throw new Error(`pgbench -i: ${init.stderr}`);
  const run = spawnSync(
    "pgbench",
    [...args, "-c", String(CONNECTIONS), "-j", "2", "-T", String(SECONDS), "-n", name],
    { encoding: "utf8" },
  );
  const tps = run.stdout.match(/tps = ([\d.]+)/)?.[1];
  if (!tps) throw new Error(`pgbench: ${run.stderr}`);
  return Number(tps);
}

const rows: string[] = [];
const best = new Map<number, number>();
let tps = 0;
const pct = (instances: number) => `${(((best.get(instances) ?? 0) / tps) * 100).toFixed(0)} %`;
let failed = false;
await adminQuery(`create database ${dbName}`);
try {
  let members: Array<{ username: string; n: number }> = [];
  for (const instances of RUNS) {
    const cluster = await startCluster({
      databaseUrl: dbUrl,
      instances,
      output: "quiet",
      redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
      env: {
        BETTER_AUTH_SECRET: SECRET,
        RATE_LIMIT_MAX: "100000000",
        DB_POOL_MAX: "16",
        WEB_CONCURRENCY: "1",
      },
    });
    try {
      if (members.length === 0) {
        const database = openPostgres(dbUrl, 4);
        const exec = (q: string) => database.db.execute(sql.raw(q));
        await exec(`insert into users (id, name, email, email_verified, username, display_username)
          select 'sc' || g, 's' || g, 's' || g || '@scale.test', true, 's' || g, 's' || g
          from generate_series(1, ${MEMBERS}) g`);
        await exec(`insert into sessions (id, token, user_id, expires_at)
          select 'ss' || g, 'scale-token-' || g, 'sc' || g, now() + interval '1 day'
          from generate_series(1, ${MEMBERS}) g`);
        const profiles = await queryRows<{ id: string; username: string; n: number }>(
          database.db,
          sql`select p.id, p.username, substr(p.auth_uid, 3)::int as n from profiles p
              where p.auth_uid like 'sc%' order by n`,
        );
        for (const p of profiles) await fund(database.db, p.id, { views: 1_000_000_000n });
        await database.close();
        members = profiles;
      }
      let figures = { rps: 0, p99: 0, errors: 0 };
      const measured = await cpuSplit(cluster, dbName, async () => {
        figures = await transfersThrough(cluster, members);
      })();
      const cpu = [...measured.split]
        .map(([g, s]) => `${g} ${(s / SECONDS).toFixed(2)}`)
        .join(", ");
      // CPU milliseconds per transfer: independent of how much of the machine others took.
      const done = figures.rps * SECONDS;
      const per = (g: Group) => (((measured.split.get(g) ?? 0) * 1000) / done).toFixed(2);
      rows.push(
        `| ${instances} | ${figures.rps} | ${figures.p99} | ${figures.errors} | ${cpu} | ${per("node instances")} / ${per("postgres (this database)")} / ${per("nginx")} | ${(measured.machineBusy * 100).toFixed(0)} % of ${measured.cores.toFixed(0)} cores |`,
      );
      if (figures.errors > 0) failed = true;
      best.set(instances, Math.max(best.get(instances) ?? 0, figures.rps));
    } finally {
      await cluster.stop();
    }
  }
  await adminQuery(`create database ${dbName}_pgbench`);
  tps = pgbench(`${dbName}_pgbench`);
  const verify = openPostgres(dbUrl, 2);
  const report = await verifyLedger(verify.db);
  await verify.close();
  if (!report.ok) failed = true;
  console.log(`
transfers through nginx, ${CONNECTIONS} connections, ${SECONDS} s per run, one process per instance
| instances | transfers/s | p99 ms | errors | CPU cores used (average over the run) | CPU ms per transfer: node / postgres / nginx | machine busy (everything on it) |
|---:|---:|---:|---:|---|---|---|
${rows.join("\n")}
pgbench TPC-B (scale 50, ${CONNECTIONS} clients, ${SECONDS} s) in the same run: ${Math.round(tps)} tps; best transfers/s ÷ TPC-B: 1 instance ${pct(1)}, 2 instances ${pct(2)}
ledger:verify: ${report.ok ? "OK" : `FAILED ${report.problems.join("; ")}`}`);
} finally {
  await adminQuery(`drop database if exists ${dbName} with (force)`);
  await adminQuery(`drop database if exists ${dbName}_pgbench with (force)`);
}
process.exit(failed ? 1 : 0);
