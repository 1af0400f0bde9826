// npm run cluster:ha:bench — what the HA cluster costs and what the replica buys (ADR 049), in one
// run on the Patroni cluster of deploy/ha.ts: POST /api/transfers through nginx (one instance, 32
// connections, HA_BENCH_SECONDS each, default 10) with `synchronous_commit` on (the commit waits
// for the synchronous standby) and `local` (it does not: a single primary's cost), alternated
// on, local, on, local on the same database; then GET /api/videos (the feed) and GET
// /api/ranking from an instance reading on the replica (DATABASE_REPLICA_URL) and from one reading
// on the primary, alternated. Prints req/s and p99 of each run and the ratios. `npm run build` first.
import { createHmac, randomUUID } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { openPostgres } from "../apps/server/src/db/client";
import { fund } from "../apps/server/test/factories";
import { type Cluster, startCluster } from "./cluster";
import { createDatabase, type HaCluster, startHa } from "./ha";

const SECONDS = Number(process.env.HA_BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const MEMBERS = 64;
const SECRET = randomUUID() + randomUUID();
const DB = "viewvault_bench";
const cookie = (n: number) => {
  const token = `bench-token-${n}`;
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `vv.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
};

let ha: HaCluster | undefined;
const clusters: Cluster[] = [];

async function load(
  cluster: Cluster,
  request: (i: number) => { method: "GET" | "POST"; path: string; body?: string; from: number },
) {
  let next = 0;
  const result = await autocannon({
    url: cluster.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        setupRequest(req: autocannon.Request, context: { i?: number }) {
          context.i ??= next++;
          const r = request(context.i);
          return {
            ...req,
            method: r.method,
            path: r.path,
            headers: {
              "content-type": "application/json",
              origin: cluster.url,
              cookie: cookie(r.from),
            },
            ...(r.body ? { body: r.body } : {}),
          };
        },
      },
    ],
  } as autocannon.Options);
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  };
}

async function main() {
  ha = await startHa({ output: "quiet" });
  await createDatabase(ha, DB);
  const url = ha.primaryUrl(DB);
  const env = { BETTER_AUTH_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", DB_POOL_MAX: "16" };
  const onReplica = await startCluster({
    databaseUrl: url,
    instances: 1,
    output: "quiet",
    env: { ...env, DATABASE_REPLICA_URL: ha.replicaUrl(DB) },
  });
  clusters.push(onReplica);
  const onPrimary = await startCluster({ databaseUrl: url, instances: 1, output: "quiet", env });
  clusters.push(onPrimary);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await pool.query(`insert into users (id, name, email, email_verified, username, display_username)
    select 'b' || g, 'b' || g, 'b' || g || '@bench.test', true, 'b' || g, 'b' || g
    from generate_series(1, ${MEMBERS}) g`);
  await pool.query(`insert into sessions (id, token, user_id, expires_at)
    select 'bs' || g, 'bench-token-' || g, 'b' || g, now() + interval '1 day'
    from generate_series(1, ${MEMBERS}) g`);
  const { rows } = await pool.query<{ id: string; username: string; n: number }>(
    `select p.id, p.username, substr(u.id, 2)::int as n from profiles p join users u on u.id = p.auth_uid
     where u.email like 'b%@bench.test' order by n`,
  );
  const database = openPostgres(url, 4);
  for (const r of rows) await fund(database.db, r.id, { views: 1_000_000_000n });
  await database.close();
  const half = MEMBERS / 2;
  const transfer = (i: number) => {
    const from = rows[i % half] as { n: number };
    const to = rows[half + (i % half)] as { username: string };
    return {
      method: "POST" as const,
      path: "/api/transfers",
      body: JSON.stringify({ recipient: to.username, transferType: "VIEWS", amount: "100" }),
      from: from.n,
    };
  };

  const lines: string[] = [];
  const sync: number[] = [];
  const local: number[] = [];
  for (const mode of ["on", "local", "on", "local"] as const) {
    await pool.query(`alter database ${DB} set synchronous_commit = '${mode}'`);
    // New connections take the setting: restart the instance so its pool reconnects.
    const instance = onPrimary.instances[0];
    await instance?.kill("SIGTERM");
    await instance?.start();
    const r = await load(onPrimary, transfer);
    (mode === "on" ? sync : local).push(r.rps);
    lines.push(
      `transfers, synchronous_commit=${mode}: ${r.rps}/s, p99 ${r.p99} ms, errors ${r.errors}`,
    );
    console.log(lines.at(-1));
  }
  await pool.query(`alter database ${DB} reset synchronous_commit`);
  const reads: Record<string, number[]> = {};
  for (const [label, cluster] of [
    ["replica", onReplica],
    ["primary", onPrimary],
    ["replica", onReplica],
    ["primary", onPrimary],
  ] as const) {
    for (const [what, path] of [
      ["feed", "/api/videos"],
      ["ranking", "/api/ranking?period=week"],
    ] as const) {
      const r = await load(cluster, (i) => ({
        method: "GET",
        path,
        from: (rows[i % MEMBERS] as { n: number }).n,
      }));
      const key = `${what} on the ${label}`;
      reads[key] = [...(reads[key] ?? []), r.rps];
      lines.push(`${what} read on the ${label}: ${r.rps}/s, p99 ${r.p99} ms, errors ${r.errors}`);
      console.log(lines.at(-1));
    }
  }
  await pool.end();
  const best = (xs: number[]) => Math.max(...xs);
  console.log(`
== HA bench (${SECONDS} s per run, ${CONNECTIONS} connections, one instance behind nginx) ==
${lines.join("\n")}
transfers/s with synchronous replication ÷ without (best of 2 each): ${Math.round((100 * best(sync)) / best(local))} %
feed reads/s on the replica ÷ on the primary: ${Math.round((100 * best(reads["feed on the replica"] ?? [0])) / best(reads["feed on the primary"] ?? [1]))} %
ranking reads/s on the replica ÷ on the primary: ${Math.round((100 * best(reads["ranking on the replica"] ?? [0])) / best(reads["ranking on the primary"] ?? [1]))} %`);
}

async function cleanup() {
  for (const c of clusters) await c.stop().catch(() => {});
  await ha?.stop().catch(() => {});
}
const watchdog = setTimeout(() => {
  console.error("HA bench: over 300 s; stopping");
  void cleanup().finally(() => process.exit(2));
}, 300_000);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => void cleanup().finally(() => process.exit(1)));
let failed = false;
try {
  await main();
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
process.exit(failed ? 1 : 0);
