// npm run cluster:ha:test — the HA claim, proven (ADR 049): nginx in front of two instances whose
// DATABASE_URL is HAProxy's primary port in front of a Patroni cluster of three (deploy/ha.ts:
// etcd ×3, PostgreSQL primary + two standbys, synchronous_mode), under signed-in load — transfers,
// swaps and watch completions, each with its own Idempotency-Key, retried with it (same body) after
// a network error, a 5xx or a 429 — while the harness
//   1. SIGKILLs the primary's postmaster (Patroni fails over to the synchronous standby), then
//   2. once the old primary rejoined, stops the whole member that is primary now (etcd + Patroni +
//      PostgreSQL killed at once, as a machine dies: nobody releases the leader key, so Patroni
//      fails over when it expires, after `ttl`), and brings it back after the failover.
// Then the database is asked how many effects each intent had (every amount is unique: a transfer
// or swap is found by member and amount, a watch completion by its session's reward): it fails unless every acknowledged effect is present
// exactly once, no answer was a 5xx other than 503, `ledger:verify` passes on the new primary and
// both standbys have replayed everything (and hold the same rows), each instance's LISTEN is on
// the new primary, a background job ran after the failover and the replica pool reads a standby.
// Prints the failover time (last success before the kill to the first success after it),
// acknowledged/lost/doubled and p99.
// `npm run build` first. Its own temporary cluster, removed on exit; Redis at REDIS_URL
// (default 127.0.0.1:6379). Bounded: a watchdog stops everything after 270 s.
//
//   HA_SECONDS  seconds of load (default 50); HA_CLIENTS concurrent clients (default 16)
import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPostgres, queryRows } from "../apps/server/src/db/client";
import { challengeHmacKey } from "../apps/server/src/modules/watch/watch-challenge";
import { fund } from "../apps/server/test/factories";
import { presolvedChallenge } from "../apps/server/test/watch";
import { type Cluster, startCluster } from "./cluster";
import { createDatabase, type HaCluster, PATRONI_TIMING, startHa } from "./ha";

const root = path.resolve(import.meta.dirname, "..");
const started = performance.now();
const BUDGET_MS = 270_000;
const SECONDS = Number(process.env.HA_SECONDS ?? 60);
const CLIENTS = Number(process.env.HA_CLIENTS ?? 16);
const INSTANCES = 2;
const SECRET = randomUUID() + randomUUID();
const TRANSFERERS = 24;
const SWAPPERS = 6;
/** Members with a video each, and members each with one session ready to complete. */
const CREATORS = 10;
const WATCHERS = 3_000;
const START_VIEWS = 50_000_000n;
const DB = "viewvault_ha";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const problems: string[] = [];
const fail = (message: string) => {
  problems.push(message);
  console.error(`VIOLATION: ${message}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (message: string) => console.log(`${elapsed()}: ${message}`);

interface Member {
  id: string;
  username: string;
  cookie: string;
}

const forgedCookie = (token: string) => {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `vv.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
};

let ha: HaCluster | undefined;
let cluster: Cluster | undefined;
let pool: pg.Pool | undefined;

/** Members with sessions (rows + signed cookies, as the cluster test forges them), funded. */
async function seed(db: pg.Pool) {
  const moneyMembers = TRANSFERERS + SWAPPERS;
  const total = moneyMembers + CREATORS + WATCHERS;
  await db.query(`insert into users (id, name, email, email_verified, username, display_username)
    select 'ha' || g, 'h' || g, 'h' || g || '@ha.test', true, 'h' || g, 'h' || g
    from generate_series(1, ${total}) g`);
  await db.query(`insert into sessions (id, token, user_id, expires_at)
    select 'hs' || g, 'ha-token-' || g, 'ha' || g, now() + interval '1 day'
    from generate_series(1, ${total}) g`);
  const { rows } = await db.query<{ id: string; username: string; n: number }>(
    `select p.id, p.username, substr(u.id, 3)::int as n from profiles p
     join users u on u.id = p.auth_uid where u.id like 'ha%' and substr(u.id, 3)::int <= $1
     order by n`,
    [moneyMembers],
  );
  const members = rows.map(
    (r): Member => ({
      id: r.id,
      username: r.username,
      cookie: forgedCookie(`ha-token-${r.n}`),
    }),
  );
  // Funding through the ledger's own function, as the test factories do.
  const database = openPostgres(ha?.primaryUrl(DB) ?? "", 4);
  for (const m of members) await fund(database.db, m.id, { views: START_VIEWS });
  await database.close();
  // One video per creator; one session per watcher whose heartbeats attested 30 s of ad and of
  // content, 61 s into its content (ADR 046), completed with a challenge solved for its session
  // and signed with the cluster's key — as the cluster test does.
  const firstWatcher = moneyMembers + CREATORS + 1;
  await db.query(`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url)
    select p.id, 'HA video ' || p.username, 'https://www.youtube.com/watch?v=ha' || lpad(p.username, 9, '0'),
           'a' || lpad(substr(p.username, 2), 10, '0'), 'BR', 'Music', 'https://i.ytimg.com/vi/x/hqdefault.jpg'
    from profiles p join users u on u.id = p.auth_uid
    where u.id like 'ha%' and substr(u.id, 3)::int between ${moneyMembers + 1} and ${firstWatcher - 1}`);
  const { rows: sessions } = await db.query<{ id: string; n: number }>(
    `insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
       ad_attested_ms, content_attested_ms)
     select p.id, v.id, 'CONTENT', now() - interval '2 minutes', now() - interval '61 seconds',
       30000, 30000
     from generate_series(${firstWatcher}, ${total}) g
     join profiles p on p.auth_uid = 'ha' || g
     join profiles c on c.auth_uid = 'ha' || (${moneyMembers + 1} + g % ${CREATORS})
     join videos v on v.user_id = c.id
     returning id, (select substr(auth_uid, 3)::int from profiles where id = user_id) as n`,
  );
  await db.query("analyze");
  const hmacKey = challengeHmacKey(SECRET);
  const expires = new Date(Date.now() + 30 * 60_000);
  const watches = await Promise.all(
    sessions.map(async (w) => ({
      session: w.id,
      cookie: forgedCookie(`ha-token-${w.n}`),
      solution: await presolvedChallenge(hmacKey, w.id, expires),
    })),
  );
  return {
    transferers: members.slice(0, TRANSFERERS),
    swappers: members.slice(TRANSFERERS),
    watches,
  };
}

type Kind = "transfer" | "swap" | "watch";
interface Intent {
  kind: Kind;
  key: string;
  path: string;
  body: object;
  cookie: string;
  effect: string;
  outcome?: "ok" | "replayed" | "completed-before" | "refused" | "unfinished";
  refusal?: string;
  attempts: number;
}

const figures = {
  attempts: 0,
  retries: 0,
  statuses: new Map<string, number>(),
  latencies: [] as number[],
  /** performance.now() of every 200 answer. */
  successes: [] as number[],
  replays: 0,
};

let giveUpAt = 0;

async function attempt(
  intent: Intent,
): Promise<{ status: number; code?: string; replayed: boolean }> {
  figures.attempts++;
  const t = performance.now();
  try {
    const res = await fetch(`${cluster?.url}${intent.path}`, {
      method: "POST",
      headers: {
        origin: cluster?.url ?? "",
        cookie: intent.cookie,
        "idempotency-key": intent.key,
        "content-type": "application/json",
      },
      body: JSON.stringify(intent.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    figures.latencies.push(performance.now() - t);
    const label = `HTTP ${res.status}`;
    figures.statuses.set(label, (figures.statuses.get(label) ?? 0) + 1);
    if (res.status === 503 && !res.headers.get("retry-after"))
      fail(`a 503 without Retry-After: ${text.slice(0, 120)}`);
    let code: string | undefined;
    if (res.status >= 400) {
      try {
        code = (JSON.parse(text) as { code?: string }).code;
      } catch {
        code = text.slice(0, 60);
      }
    }
    if (res.status >= 500 && res.status !== 503)
      fail(`${intent.kind} ${intent.key}: HTTP ${res.status} ${code ?? ""}`);
    if (res.status === 200) figures.successes.push(performance.now());
    return {
      status: res.status,
      ...(code ? { code } : {}),
      replayed: res.headers.get("idempotent-replayed") === "true",
    };
  } catch (error) {
    const label = `network (${(error as Error).name})`;
    figures.statuses.set(label, (figures.statuses.get(label) ?? 0) + 1);
    return { status: 0, code: (error as Error).name, replayed: false };
  }
}

async function run(intent: Intent): Promise<void> {
  for (;;) {
    intent.attempts++;
    const r = await attempt(intent);
    if (r.status === 200) {
      intent.outcome = r.replayed ? "replayed" : "ok";
      if (r.replayed) figures.replays++;
      return;
    }
    // A completion retried after its first answer was lost (the failover): the session is
    // already completed, or that completion spent its challenge (ADR 046); the count proves which.
    if (
      intent.kind === "watch" &&
      intent.attempts > 1 &&
      ((r.status === 409 && r.code === "SESSION_NOT_ACTIVE") ||
        (r.status === 422 && r.code === "CHALLENGE_FAILED"))
    ) {
      intent.outcome = "completed-before";
      return;
    }
    if (r.status === 0 || r.status >= 500 || r.status === 429) {
      if (performance.now() > giveUpAt) {
        intent.outcome = "unfinished";
        return;
      }
      figures.retries++;
      await sleep(Math.min(100 * intent.attempts, 1000));
      continue;
    }
    intent.outcome = "refused";
    intent.refusal = `${r.status} ${r.code}`;
    return;
  }
}

const leaderName = async () => (await ha?.state())?.find((m) => m.role === "leader")?.name;

async function main(): Promise<void> {
  log(
    `starting etcd ×3, Patroni ×3 (ttl ${PATRONI_TIMING.ttl} s, loop_wait ${PATRONI_TIMING.loop_wait} s, retry_timeout ${PATRONI_TIMING.retry_timeout} s, synchronous_mode) and HAProxy`,
  );
  ha = await startHa({ output: "quiet" });
  const initial = await ha.state();
  log(
    `HA cluster up: ${initial.map((m) => `${m.name} ${m.role}`).join(", ")}; HAProxy primary :${ha.primaryPort}, replicas :${ha.replicaPort} (files in ${ha.dir})`,
  );
  await createDatabase(ha, DB);
  const dbUrl = ha.primaryUrl(DB);
  cluster = await startCluster({
    databaseUrl: dbUrl,
    instances: INSTANCES,
    redisUrl,
    output: "quiet",
    env: { BETTER_AUTH_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", DB_POOL_MAX: "8" },
  });
  log(`nginx ${cluster.url} → instances ${cluster.instances.map((i) => i.port).join(", ")}`);
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  pool.on("error", () => {});
  const { transferers, swappers, watches } = await seed(pool);
  log(
    `${transferers.length} transferers, ${swappers.length} swappers funded; ${watches.length} watch sessions ready`,
  );

  const intents: Intent[] = [];
  let seq = 0;
  let w = 0;
  const nextIntent = (client: number): Intent => {
    const amount = 100 + seq++;
    const roll = Math.random();
    if (roll < 0.2 && w < watches.length) {
      const watch = watches[w++] as { session: string; cookie: string; solution: string };
      return {
        kind: "watch",
        key: randomUUID(),
        path: `/api/watch-sessions/${watch.session}/complete`,
        body: { solution: watch.solution },
        cookie: watch.cookie,
        effect: watch.session,
        attempts: 0,
      };
    }
    if (roll < 0.4) {
      const m = swappers[client % swappers.length] as Member;
      return {
        kind: "swap",
        key: randomUUID(),
        path: "/api/swaps",
        body: { direction: "VIEWS_TO_USDT", amount: String(amount) },
        cookie: m.cookie,
        effect: `${m.id}:${amount}`,
        attempts: 0,
      };
    }
    const from = transferers[Math.floor(Math.random() * transferers.length)] as Member;
    let to = from;
    while (to === from) to = transferers[Math.floor(Math.random() * transferers.length)] as Member;
    return {
      kind: "transfer",
      key: randomUUID(),
      path: "/api/transfers",
      body: { recipient: to.username, transferType: "VIEWS", amount: String(amount) },
      cookie: from.cookie,
      effect: `${from.id}:${amount}|${to.id}`,
      attempts: 0,
    };
  };

  const loadStart = performance.now();
  const loadUntil = loadStart + SECONDS * 1000;
  giveUpAt = loadUntil + 45_000;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (performance.now() < loadUntil) {
      const intent = nextIntent(client);
      intents.push(intent);
      await run(intent);
    }
  });

  let killAt = 0;
  let killWallClock = 0;
  let killedName = "";
  let memberStoppedAt = 0;
  let memberDownMs = 0;
  let machineLeader: string | undefined;
  const chaos = (async () => {
    const cluster_ = ha as HaCluster;
    await sleep(SECONDS * 1000 * 0.2);
    const leader = await leaderName();
    const victim = cluster_.members.find((m) => m.name === leader);
    if (!victim) throw new Error("no leader to kill");
    killedName = victim.name;
    killAt = performance.now();
    killWallClock = Date.now();
    const pid = victim.killPostmaster();
    log(`SIGKILL ${victim.name}'s postmaster (pid ${pid}), the primary, under load`);
    let newLeader: string | undefined;
    while (performance.now() < killAt + 60_000) {
      newLeader = await leaderName();
      if (newLeader && newLeader !== victim.name) break;
      await sleep(200);
    }
    log(`Patroni's leader is now ${newLeader}`);
    if (!newLeader || newLeader === victim.name)
      fail(`no failover: ${victim.name} is still (or again) the leader 60 s after its crash`);
    // The old primary rejoins as a standby (pg_rewind) before a member may be lost.
    await cluster_.waitHealthy(90_000);
    log(
      `${victim.name} rejoined: ${(await cluster_.state()).map((m) => `${m.name} ${m.role}`).join(", ")}`,
    );
    const primaryNow = await leaderName();
    const member = cluster_.members.find((m) => m.name === primaryNow);
    if (!member) throw new Error("no primary to stop");
    memberStoppedAt = performance.now();
    await member.stop();
    log(`stopped member ${member.name} (the primary: etcd, Patroni, PostgreSQL) under load`);
    machineLeader = undefined;
    while (performance.now() < memberStoppedAt + 60_000) {
      machineLeader = await leaderName().catch(() => undefined);
      if (machineLeader && machineLeader !== member.name) break;
      await sleep(250);
    }
    log(`Patroni's leader is now ${machineLeader}`);
    if (!machineLeader || machineLeader === member.name)
      fail(`no failover: ${member.name}'s machine is gone and no other member leads 60 s later`);
    await sleep(3_000);
    member.start();
    memberDownMs = performance.now() - memberStoppedAt;
    log(`member ${member.name} started again after ${(memberDownMs / 1000).toFixed(1)} s`);
  })();

  await Promise.all([...clients, chaos]);
  const loadSeconds = (performance.now() - loadStart) / 1000;
  log(`load finished (${intents.length} intents); waiting for three healthy members`);
  const healthy = await (ha as HaCluster).waitHealthy(90_000);
  const caughtUpMs = await (ha as HaCluster).waitCaughtUp(30_000);
  log(`healthy: ${healthy.map((m) => `${m.name} ${m.role}`).join(", ")}; standbys caught up`);

  // LISTEN moved with the primary: each instance's listening connection is on the new primary,
  // and a session deleted now is refused at once by every instance (its cached copy dropped by
  // the vv_members notification).
  const listenersBy = performance.now() + 15_000;
  let listeners = 0;
  while (performance.now() < listenersBy) {
    listeners =
      (
        await pool.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %'",
          [DB],
        )
      ).rows[0]?.n ?? 0;
    if (listeners >= INSTANCES) break;
    await sleep(250);
  }
  if (listeners < INSTANCES)
    fail(`${listeners} LISTEN connection(s) on the new primary, ${INSTANCES} expected`);
  const probe = transferers[0] as Member;
  const me = async (port: number) =>
    (
      await fetch(`http://127.0.0.1:${port}/api/me`, {
        headers: { cookie: probe.cookie },
        signal: AbortSignal.timeout(10_000),
      })
    ).status;
  for (const i of cluster.instances) await me(i.port);
  await pool.query(
    "delete from sessions where user_id = (select auth_uid from profiles where id = $1)",
    [probe.id],
  );
  const signedOutBy = performance.now() + 5_000;
  let stillIn: number[] = [];
  do {
    stillIn = [];
    for (const i of cluster.instances) if ((await me(i.port)) !== 401) stillIn.push(i.port);
    if (stillIn.length > 0) await sleep(200);
  } while (stillIn.length > 0 && performance.now() < signedOutBy);
  if (stillIn.length > 0)
    fail(`a deleted session is still accepted by instance(s) ${stillIn.join(", ")} 5 s later`);

  // Jobs resume on the new primary: the 30-second referral sweep claims and finishes a period
  // that started after the kill (job_runs lives in the database, so the claim moved with it).
  const jobsBy = performance.now() + 45_000;
  let jobResumed = false;
  while (!jobResumed && performance.now() < jobsBy) {
    const { rows: runs } = await pool.query<{ ok: boolean }>(
      `select started_at > to_timestamp($1::float8 / 1000) and finished_at is not null as ok
       from job_runs where name = 'referral reward sweep'`,
      [killWallClock],
    );
    jobResumed = runs[0]?.ok === true;
    if (!jobResumed) await sleep(500);
  }
  if (!jobResumed) fail("no background job run finished on the new primary after the failover");

  // DATABASE_REPLICA_URL (HAProxy's replica port): reads that may be seconds old answer from a
  // standby once its lag is measured, and hold what the primary holds after the catch-up.
  const reads = openPostgres(dbUrl, 2, (ha as HaCluster).replicaUrl(DB));
  let replicaServes = false;
  const replicaBy = performance.now() + 15_000;
  while (!replicaServes && performance.now() < replicaBy) {
    await sleep(500);
    replicaServes =
      (
        await queryRows<{ r: boolean }>(reads.readDb, sql`select pg_is_in_recovery() as r`).catch(
          () => [],
        )
      )[0]?.r === true;
  }
  const onReplica = await queryRows<{ n: number }>(
    reads.readDb,
    sql`select count(*)::int as n from user_transfers`,
  );
  await reads.close();
  if (!replicaServes) fail("the replica pool never served a read from a standby");

  // Effects per intent, counted on the primary.
  const count = new Map<string, number>();
  const effectsQuery = `select sender_id || ':' || amount || '|' || recipient_id as k, count(*)::int as n
      from user_transfers group by 1
    union all
    select user_id || ':' || views_amount as k, count(*)::int as n from swap_transactions group by 1
    union all
    select memo ->> 'sessionId' as k, count(*)::int as n from ledger_transactions
    where kind = 'watch_reward' group by 1`;
  const primary = pool;
  for (const r of (await primary.query<{ k: string; n: number }>(effectsQuery)).rows)
    count.set(r.k, r.n);
  const answered = new Map(
    (
      await primary.query<{ key: string; status: number | null }>(
        "select key, response_status as status from idempotency_keys",
      )
    ).rows.map((r) => [r.key, r.status]),
  );
  // The standbys hold the same rows.
  const fingerprint = `select count(*)::int as n, coalesce(sum(amount), 0)::text as s from user_transfers`;
  const onPrimary = (await primary.query<{ n: number; s: string }>(fingerprint)).rows[0];
  for (const m of healthy.filter((x) => x.role !== "leader")) {
    const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${m.port}/${DB}` });
    await c.connect();
    const on = (await c.query<{ n: number; s: string }>(fingerprint)).rows[0];
    await c.end();
    if (on?.n !== onPrimary?.n || on?.s !== onPrimary?.s)
      fail(
        `standby ${m.name} holds ${JSON.stringify(on)}, the primary ${JSON.stringify(onPrimary)}`,
      );
  }

  let once = 0;
  let lost = 0;
  let twice = 0;
  let acked = 0;
  const outcomes = new Map<string, number>();
  for (const intent of intents) {
    const label = intent.outcome ?? "none";
    outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
    const n = count.get(intent.effect) ?? 0;
    if (intent.outcome !== "refused" && intent.outcome !== "unfinished") acked++;
    if (n === 1) once++;
    else if (n === 0) lost++;
    else twice++;
    if (n !== 1 || intent.outcome === "refused" || intent.outcome === "unfinished")
      fail(
        `${intent.kind} ${intent.key}: ${n} effect(s), outcome ${intent.outcome}${intent.refusal ? ` (${intent.refusal})` : ""} after ${intent.attempts} attempt(s)`,
      );
    // A completion's key is the session itself (it takes no Idempotency-Key).
    if (intent.kind !== "watch" && n === 1 && answered.get(intent.key) !== 200)
      fail(`${intent.kind} ${intent.key}: its Idempotency-Key holds no stored 200 answer`);
  }
  const effects = [...count.values()].reduce((a, b) => a + b, 0);
  const claimed = intents.reduce((a, i) => a + (count.get(i.effect) ?? 0), 0);
  if (replicaServes && onReplica[0]?.n !== onPrimary?.n)
    fail(`the replica pool read ${onReplica[0]?.n} transfers, the primary holds ${onPrimary?.n}`);
  if (effects !== claimed)
    fail(`${effects - claimed} effect(s) in the database belong to no intent`);

  // Failover time: the longest gap between two successes from just before the kill.
  const okTimes = figures.successes.filter((t) => t >= killAt - 2_000).sort((a, b) => a - b);
  let failoverMs = 0;
  let gapFrom = 0;
  for (let i = 1; i < okTimes.length; i++) {
    const gap = (okTimes[i] as number) - (okTimes[i - 1] as number);
    if ((okTimes[i - 1] as number) < memberStoppedAt && gap > failoverMs) {
      failoverMs = gap;
      gapFrom = okTimes[i - 1] as number;
    }
  }
  const stoppedGap = (() => {
    const after = figures.successes.filter((t) => t >= memberStoppedAt).sort((a, b) => a - b);
    let worst = 0;
    for (let i = 1; i < after.length; i++)
      worst = Math.max(worst, (after[i] as number) - (after[i - 1] as number));
    return worst;
  })();

  const verify = spawnSync("npm", ["run", "--silent", "ledger:verify"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: dbUrl },
  });
  const ledgerOk = verify.status === 0;
  if (!ledgerOk) fail(`ledger:verify failed: ${verify.stdout}${verify.stderr}`);
  const sorted = [...figures.latencies].sort((a, b) => a - b);
  const p = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  const newLeader = healthy.find((m) => m.role === "leader")?.name;

  console.log(`
== HA test figures (nginx + ${INSTANCES} instances → HAProxy → Patroni: 3 × etcd + PostgreSQL, synchronous_mode) ==
Patroni: ttl ${PATRONI_TIMING.ttl} s, loop_wait ${PATRONI_TIMING.loop_wait} s, retry_timeout ${PATRONI_TIMING.retry_timeout} s, primary_start_timeout 0; HAProxy checks every 1 s, down after 2
load: ${loadSeconds.toFixed(1)} s, ${CLIENTS} clients, ${intents.length} money intents = ${Math.round(intents.length / loadSeconds)}/s (${["transfer", "swap", "watch"].map((k) => `${k} ${intents.filter((i) => i.kind === k).length}`).join(", ")})
faults: SIGKILL of ${killedName}'s postmaster (the primary) at ${((killAt - loadStart) / 1000).toFixed(1)} s; member stopped whole for ${(memberDownMs / 1000).toFixed(1)} s; leader now ${newLeader}
failover time (last success before the kill → first success after it): ${(failoverMs / 1000).toFixed(1)} s (gap from ${((gapFrom - killAt) / 1000).toFixed(1)} s after the kill)
primary's whole machine lost (${machineLeader ? `leader now ${machineLeader}` : "no new leader"}): longest gap between successes ${(stoppedGap / 1000).toFixed(1)} s (bound: ttl ${PATRONI_TIMING.ttl} s + loop_wait + HAProxy's check)
answers: ${[...figures.statuses].map(([s, n]) => `${s} × ${n}`).join(", ")} (retries ${figures.retries})
outcomes: ${[...outcomes].map(([o, n]) => `${o} ${n}`).join(", ")} (replayed = answered from the stored Idempotency-Key result)
acknowledged: ${acked}; applied exactly once: ${once} of ${intents.length}; lost: ${lost}; doubled: ${twice}
latency of every attempt: p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, max ${p(1)} ms
replica pool (DATABASE_REPLICA_URL → HAProxy's replica port): reads from a standby ${replicaServes ? `yes, ${onReplica[0]?.n} transfers as on the primary` : "NO"}
a background job (referral sweep, every 30 s) ran and finished after the failover: ${jobResumed ? "yes" : "NO"}
LISTEN connections on the new primary: ${listeners} of ${INSTANCES}; a deleted session refused by every instance: ${stillIn.length === 0 ? "yes" : "NO"}
standbys caught up ${caughtUpMs} ms after the load, same rows as the primary: ${problems.some((x) => x.startsWith("standby")) ? "NO" : "yes"}
ledger:verify on the new primary: ${ledgerOk ? "OK" : "FAILED"}
violations: ${problems.length}
total time: ${elapsed()}`);
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await pool?.end().catch(() => {});
    await cluster?.stop().catch((e) => console.error(e));
    await ha?.stop().catch((e) => console.error(e));
  })();
  return cleaning;
}

const watchdog = setTimeout(() => {
  console.error(`HA test: over its ${BUDGET_MS / 1000} s budget; stopping`);
  problems.push("timeout");
  void cleanup().finally(() => process.exit(2));
}, BUDGET_MS);

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`HA test: ${signal}; stopping`);
    void cleanup().finally(() => process.exit(1));
  });

try {
  await main();
} catch (error) {
  problems.push(String(error));
  console.error(error);
  process.env.CLUSTER_KEEP_LOGS = "1";
  if (ha)
    console.error(`HA files and logs kept in ${ha.dir}; instance logs in ${cluster?.dir ?? "-"}`);
} finally {
  clearTimeout(watchdog);
  if (problems.length > 0) process.env.CLUSTER_KEEP_LOGS = "1";
  await cleanup();
}
process.exit(problems.length === 0 ? 0 : 1);
