// npm run cluster:test — the deployment claim, proven: nginx in front of three instances on one
// PostgreSQL (deploy/cluster.ts, `npm run build` first) under mixed signed-in load — transfers,
// swaps, watch completions, live-balance streams — while instances are killed with SIGKILL and
// restarted. Every money request carries an Idempotency-Key and is retried with it (and the same
// body) after a network error or a 5xx, as the web app's money buttons do; then the database is
// asked how many effects each intent had. Every amount is unique, so a transfer or swap is found
// by (member, amount), a watch completion by its session: exactly one effect per intent, nothing
// lost, nothing twice; every open stream (reconnecting like EventSource) ends on the database's
// balance; `npm run ledger:verify` passes. Prints the figures; exits non-zero on any violation.
// Its own database (created and dropped), Redis at REDIS_URL (default 127.0.0.1:6379), ≤ 4 min.
//
//   CLUSTER_ADMIN_URL   PostgreSQL to create the database on (default postgres://postgres@127.0.0.1:5432/postgres)
//   CLUSTER_IMAGE       run the instances from `npm run cluster:image -- <dir>`'s copy (the Dockerfile's steps)
//   CLUSTER_SECONDS     seconds of load (default 30); CLUSTER_CLIENTS concurrent clients (default 24)
import { spawnSync } from "node:child_process";
import { createHmac, randomUUID } from "node:crypto";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openPostgres, queryRows } from "../apps/server/src/db/client";
import { createAccount } from "../apps/server/src/modules/auth/create-account";
import { challengeHmacKey } from "../apps/server/src/modules/watch/watch-challenge";
import { fund } from "../apps/server/test/factories";
import { presolvedChallenge } from "../apps/server/test/watch";
import { adminQuery, databaseUrl } from "./admin-db";
import { type Cluster, imageOptions, startCluster } from "./cluster";

const root = path.resolve(import.meta.dirname, "..");
const started = performance.now();
const BUDGET_MS = 230_000;
const SECONDS = Number(process.env.CLUSTER_SECONDS ?? 30);
const CLIENTS = Number(process.env.CLUSTER_CLIENTS ?? 24);
const INSTANCES = 3;
/** SIGKILLs during the load, at these fractions of it (each instance killed is started again). */
const KILL_AT = [0.25, 0.55, 0.8];
const SECRET = randomUUID() + randomUUID();
const TRANSFERERS = 32;
const REAL_SIGN_INS = 4;
const STREAMS = 12;
const SWAPPERS = 8;
const CREATORS = 20;
const WATCHERS = Number(process.env.CLUSTER_WATCHERS ?? 4000);
const START_VIEWS = 50_000_000n;

const dbName = `vv_cluster_test_${Date.now()}`;
const dbUrl = databaseUrl(dbName);
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const problems: string[] = [];
const fail = (message: string) => {
  problems.push(message);
  console.error(`VIOLATION: ${message}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// Members: forged sessions (rows + signed cookies, as the money bench does) and a few real
// sign-ins through nginx.

interface Member {
  id: string;
  username: string;
  cookie: string;
  /** Views the client expects from its own successful transfers (transferers only). */
  expectedViews: bigint;
  /** What the member's live stream showed last. */
  streamed?: { views: string; usdt: string };
}

const forgedCookie = (token: string) => {
  const signature = createHmac("sha256", SECRET).update(token).digest("base64");
  return `vv.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
};

async function seed(cluster: Cluster) {
  const database = openPostgres(dbUrl, 4);
  const db = database.db;
  const exec = (q: string) => db.execute(sql.raw(q));
  const total = TRANSFERERS - REAL_SIGN_INS + SWAPPERS + CREATORS + WATCHERS;
  await exec(`insert into users (id, name, email, email_verified, username, display_username)
    select 'cl' || g, 'c' || g, 'c' || g || '@cluster.test', true, 'c' || g, 'c' || g
    from generate_series(1, ${total}) g`);
  await exec(`insert into sessions (id, token, user_id, expires_at)
    select 'cs' || g, 'cluster-token-' || g, 'cl' || g, now() + interval '1 day'
    from generate_series(1, ${total}) g`);
  const rows = await queryRows<{ id: string; username: string; n: number }>(
    db,
    sql`select p.id, p.username, substr(u.id, 3)::int as n from profiles p
        join users u on u.id = p.auth_uid where u.id like 'cl%' order by n`,
  );
  const forged = (r: { id: string; username: string; n: number }): Member => ({
    id: r.id,
    username: r.username,
    cookie: forgedCookie(`cluster-token-${r.n}`),
    expectedViews: START_VIEWS,
  });
  const transferers: Member[] = [];
  for (let i = 0; i < REAL_SIGN_INS; i++) {
    const account = {
      username: `real${i}`,
      email: `real${i}@cluster.test`,
      password: "cluster-password-1",
    };
    const { profile } = await createAccount(db, { ...account, role: "member" });
    const res = await fetch(`${cluster.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: cluster.url },
      body: JSON.stringify({ email: account.email, password: account.password }),
    });
    if (!res.ok) throw new Error(`sign-in through nginx failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    transferers.push({
      id: profile.id,
      username: profile.username,
      cookie,
      expectedViews: START_VIEWS,
    });
  }
  const forgedTransferers = TRANSFERERS - REAL_SIGN_INS;
  transferers.push(...rows.slice(0, forgedTransferers).map(forged));
  const swappers = rows.slice(forgedTransferers, forgedTransferers + SWAPPERS).map(forged);
  for (const m of [...transferers, ...swappers]) await fund(db, m.id, { views: START_VIEWS });

  // One video per creator; one session per watcher, 61 s into its content (ready to complete).
  const firstCreator = forgedTransferers + SWAPPERS + 1;
  const firstWatcher = firstCreator + CREATORS;
  await exec(`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url)
    select p.id, 'Cluster video ' || p.username, 'https://www.youtube.com/watch?v=cl' || lpad(p.username, 9, '0'),
           'c' || lpad(substr(p.username, 2), 10, '0'), 'BR', 'Music', 'https://i.ytimg.com/vi/x/hqdefault.jpg'
    from profiles p join users u on u.id = p.auth_uid
    where u.id like 'cl%' and substr(u.id, 3)::int between ${firstCreator} and ${firstWatcher - 1}`);
  // Their heartbeats attested 30 s of ad and of content (ADR 046); each completes with a solved
  // challenge for its session, signed with the cluster's key.
  await exec(`insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
      ad_attested_ms, content_attested_ms)
    select p.id, v.id, 'CONTENT', now() - interval '2 minutes', now() - interval '61 seconds',
      30000, 30000
    from generate_series(${firstWatcher}, ${total}) g
    join profiles p on p.auth_uid = 'cl' || g
    join profiles c on c.auth_uid = 'cl' || (${firstCreator} + g % ${CREATORS})
    join videos v on v.user_id = c.id`);
  const sessions = await queryRows<{ id: string; n: number }>(
    db,
    sql`select a.id, substr(p.auth_uid, 3)::int as n from ads_sessions a
        join profiles p on p.id = a.user_id where a.status = 'CONTENT' order by n`,
  );
  await exec("analyze");
  const hmacKey = challengeHmacKey(SECRET);
  const expires = new Date(Date.now() + 30 * 60_000);
  const watches = await Promise.all(
    sessions.map(async (s) => ({
      session: s.id,
      cookie: forgedCookie(`cluster-token-${s.n}`),
      solution: await presolvedChallenge(hmacKey, s.id, expires),
    })),
  );
  return { database, transferers, swappers, watches };
}

// ---------------------------------------------------------------------------------------------
// Intents: one Idempotency-Key each, retried after a network error, 5xx or 429.

type Kind = "transfer" | "swap" | "watch";
interface Intent {
  kind: Kind;
  key: string;
  path: string;
  body?: object;
  cookie: string;
  /** How the database finds its effect: "<profile id>:<amount>" or the watch session id. */
  effect: string;
  outcome?: "ok" | "replayed" | "completed-before" | "refused" | "unfinished";
  refusal?: string;
  attempts: number;
}

const figures = {
  attempts: 0,
  retries: 0,
  retryCauses: new Map<string, number>(),
  replays: 0,
  kills: 0,
  restarts: 0,
  streamConnects: 0,
  streamDrops: 0,
  streamRefusals: new Map<string, number>(),
};

let cluster!: Cluster;
let loadUntil = 0;
/** After this, an intent still failing counts as unfinished (lost). */
let giveUpAt = 0;

async function attempt(
  intent: Intent,
): Promise<{ status: number; code?: string; replayed: boolean }> {
  figures.attempts++;
  try {
    const res = await fetch(`${cluster.url}${intent.path}`, {
      method: "POST",
      headers: {
        origin: cluster.url,
        cookie: intent.cookie,
        "idempotency-key": intent.key,
        ...(intent.body ? { "content-type": "application/json" } : {}),
      },
      ...(intent.body ? { body: JSON.stringify(intent.body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let code: string | undefined;
    if (res.status >= 400) {
      try {
        code = (JSON.parse(text) as { code?: string }).code;
      } catch {
        code = text.slice(0, 60);
      }
    }
    return {
      status: res.status,
      ...(code ? { code } : {}),
      replayed: res.headers.get("idempotent-replayed") === "true",
    };
  } catch (error) {
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
    // A completion retried after its first answer was lost: the session is already completed,
    // or its challenge was spent by that completion (ADR 046); the count below proves which.
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
      const cause = r.status === 0 ? `network (${r.code})` : `HTTP ${r.status}`;
      figures.retryCauses.set(cause, (figures.retryCauses.get(cause) ?? 0) + 1);
      if (performance.now() > giveUpAt) {
        intent.outcome = "unfinished";
        return;
      }
      figures.retries++;
      await sleep(Math.min(50 * intent.attempts, 500));
      continue;
    }
    intent.outcome = "refused";
    intent.refusal = `${r.status} ${r.code}`;
    return;
  }
}

// ---------------------------------------------------------------------------------------------
// Live-balance streams that reconnect like EventSource.

let streamsOpen = true;
const streamControllers = new Set<AbortController>();

async function follow(member: Member): Promise<void> {
  while (streamsOpen) {
    const controller = new AbortController();
    streamControllers.add(controller);
    try {
      const res = await fetch(`${cluster.url}/api/balances/stream`, {
        headers: { cookie: member.cookie, accept: "text/event-stream" },
        signal: controller.signal,
      });
      if (res.ok && res.body) {
        figures.streamConnects++;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
            if (!block.startsWith("event: balances")) continue;
            const data = block.split("\n").find((l) => l.startsWith("data: "));
            if (data) member.streamed = JSON.parse(data.slice(6));
          }
        }
      } else {
        const cause = `HTTP ${res.status}`;
        figures.streamRefusals.set(cause, (figures.streamRefusals.get(cause) ?? 0) + 1);
      }
    } catch (error) {
      // The instance went away (or we closed the stream).
      const cause = `${(error as Error).name}: ${(error as Error).message}`;
      if (streamsOpen)
        figures.streamRefusals.set(cause, (figures.streamRefusals.get(cause) ?? 0) + 1);
    } finally {
      streamControllers.delete(controller);
    }
    if (!streamsOpen) return;
    figures.streamDrops++;
    await sleep(250);
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  await adminQuery(`create database ${dbName}`);
  console.log(`cluster test: database ${dbName}; starting nginx and ${INSTANCES} instances`);
  cluster = await startCluster({
    databaseUrl: dbUrl,
    instances: INSTANCES,
    redisUrl,
    output: "quiet",
    ...imageOptions(),
    env: { BETTER_AUTH_SECRET: SECRET, RATE_LIMIT_MAX: "100000000", DB_POOL_MAX: "10" },
  });
  console.log(
    `${elapsed()}: ${cluster.url} → ${cluster.instances.map((i) => i.port).join(", ")}${process.env.CLUSTER_IMAGE ? ` (instances from the image copy in ${process.env.CLUSTER_IMAGE})` : ""}`,
  );
  const { database, transferers, swappers, watches } = await seed(cluster);
  console.log(
    `${elapsed()}: ${transferers.length} transferers (${REAL_SIGN_INS} signed in through nginx), ${swappers.length} swappers, ${watches.length} watch sessions ready`,
  );

  const streamed = transferers.slice(0, STREAMS);
  const streams = streamed.map((m) => follow(m));
  await sleep(500);

  const intents: Intent[] = [];
  let seq = 0;
  let w = 0;
  const nextIntent = (client: number): Intent => {
    const amount = 100 + seq++;
    const roll = Math.random();
    if (roll < 0.3 && w < watches.length) {
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
    if (roll < 0.5) {
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
  loadUntil = loadStart + SECONDS * 1000;
  giveUpAt = loadUntil + 30_000;
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (performance.now() < loadUntil) {
      const intent = nextIntent(client);
      intents.push(intent);
      await run(intent);
    }
  });

  const chaos = (async () => {
    for (const [k, at] of KILL_AT.entries()) {
      const wait = loadStart + at * SECONDS * 1000 - performance.now();
      if (wait > 0) await sleep(wait);
      const victim = cluster.instances[(k + 1) % INSTANCES];
      if (!victim) continue;
      const pid = victim.pid;
      await victim.kill("SIGKILL");
      figures.kills++;
      console.log(`${elapsed()}: SIGKILL instance :${victim.port} (pid ${pid}) under load`);
      await sleep(1_500);
      const t = performance.now();
      await victim.start();
      figures.restarts++;
      console.log(
        `${elapsed()}: instance :${victim.port} restarted, healthy after ${Math.round(performance.now() - t)} ms`,
      );
    }
  })();

  await Promise.all([...clients, chaos]);
  const loadSeconds = (performance.now() - loadStart) / 1000;
  console.log(`${elapsed()}: load finished (${intents.length} intents)`);

  // Effects per intent, counted in the database.
  const db = database.db;
  const count = new Map<string, number>();
  for (const r of await queryRows<{ k: string; n: number }>(
    db,
    sql`select sender_id || ':' || amount || '|' || recipient_id as k, count(*)::int as n
        from user_transfers group by 1`,
  ))
    count.set(r.k, r.n);
  for (const r of await queryRows<{ k: string; n: number }>(
    db,
    sql`select user_id || ':' || views_amount as k, count(*)::int as n
        from swap_transactions group by 1`,
  ))
    count.set(r.k, r.n);
  for (const r of await queryRows<{ k: string; n: number }>(
    db,
    sql`select memo ->> 'sessionId' as k, count(*)::int as n from ledger_transactions
        where kind = 'watch_reward' group by 1`,
  ))
    count.set(r.k, r.n);
  const answered = new Map(
    (
      await queryRows<{ key: string; status: number | null }>(
        db,
        sql`select key, response_status as status from idempotency_keys`,
      )
    ).map((r) => [r.key, r.status]),
  );

  let once = 0;
  let lost = 0;
  let twice = 0;
  const byKind = new Map<Kind, number>();
  const outcomes = new Map<string, number>();
  for (const intent of intents) {
    byKind.set(intent.kind, (byKind.get(intent.kind) ?? 0) + 1);
    const label = intent.outcome ?? "none";
    outcomes.set(label, (outcomes.get(label) ?? 0) + 1);
    const n = count.get(intent.effect) ?? 0;
    if (n === 1) once++;
    else if (n === 0) lost++;
    else twice++;
    if (n !== 1 || intent.outcome === "refused" || intent.outcome === "unfinished")
      fail(
        `${intent.kind} ${intent.key}: ${n} effect(s), outcome ${intent.outcome}${intent.refusal ? ` (${intent.refusal})` : ""} after ${intent.attempts} attempt(s)`,
      );
    if (intent.kind !== "watch" && n === 1 && answered.get(intent.key) !== 200)
      fail(`${intent.kind} ${intent.key}: its Idempotency-Key holds no stored 200 answer`);
    if (intent.kind === "transfer" && n === 1 && intent.body) {
      const amount = BigInt((intent.body as { amount: string }).amount);
      const [fromId, rest = ""] = intent.effect.split(":");
      const toId = rest.split("|")[1];
      for (const m of transferers) {
        if (m.id === fromId) m.expectedViews -= amount;
        if (m.id === toId) m.expectedViews += amount;
      }
    }
  }
  // Effects no intent asked for (a request applied under another key, or twice apart).
  const effects = [...count.values()].reduce((a, b) => a + b, 0);
  const claimed = intents.reduce((a, i) => a + (count.get(i.effect) ?? 0), 0);
  if (effects !== claimed)
    fail(`${effects - claimed} effect(s) in the database belong to no intent`);

  // Balances: the client's own bookkeeping of transfers, and every stream caught up.
  const balances = new Map(
    (
      await queryRows<{ id: string; views: string; usdt: string }>(
        db,
        sql`select profile_id as id,
              max(balance) filter (where currency = 'VIEWS')::text as views,
              max(balance) filter (where currency = 'USDT')::text as usdt
            from ledger_accounts where kind = 'member' group by profile_id`,
      )
    ).map((r) => [r.id, r]),
  );
  for (const m of transferers) {
    const actual = balances.get(m.id)?.views;
    if (actual !== m.expectedViews.toString())
      fail(`${m.username}: ${actual} views in the database, ${m.expectedViews} expected`);
  }
  const caughtUpBy = performance.now() + 10_000;
  const behind = () =>
    streamed.filter((m) => {
      const b = balances.get(m.id);
      return m.streamed?.views !== b?.views || m.streamed?.usdt !== b?.usdt;
    });
  while (behind().length > 0 && performance.now() < caughtUpBy) await sleep(100);
  const catchUpMs = Math.round(performance.now() - (caughtUpBy - 10_000));
  for (const m of behind())
    fail(
      `${m.username}'s stream shows ${JSON.stringify(m.streamed)}, the database ${JSON.stringify(balances.get(m.id))}`,
    );
  streamsOpen = false;
  for (const c of streamControllers) c.abort();
  await Promise.all(streams);
  if (figures.streamDrops === 0) fail("no stream was dropped by the kills: reconnection untested");
  // A browser's EventSource reconnects after a dropped connection, but gives up for good on an
  // answer other than 200: every reconnect must reach a live instance.
  for (const [cause, n] of figures.streamRefusals)
    if (cause.startsWith("HTTP")) fail(`${n} stream reconnect(s) answered ${cause}`);

  const verify = spawnSync("npm", ["run", "--silent", "ledger:verify"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: dbUrl },
  });
  const ledgerOk = verify.status === 0;
  if (!ledgerOk) fail(`ledger:verify failed: ${verify.stdout}${verify.stderr}`);
  await database.close();

  const perKind = [...byKind].map(([k, n]) => `${n} ${k}s`).join(", ");
  const causes = [...figures.retryCauses].map(([c, n]) => `${c} × ${n}`).join(", ") || "none";
  console.log(`
== cluster test figures (nginx + ${INSTANCES} instances, one PostgreSQL, Redis) ==
load: ${loadSeconds.toFixed(1)} s, ${CLIENTS} clients, ${intents.length} money intents (${perKind}) = ${Math.round(intents.length / loadSeconds)}/s
requests sent: ${figures.attempts} (retries ${figures.retries}; causes: ${causes})
kills: ${figures.kills} SIGKILL, ${figures.restarts} restarts
outcomes: ${[...outcomes].map(([o, n]) => `${o} ${n}`).join(", ")} (replayed = answered from the stored Idempotency-Key result)
effects applied exactly once: ${once} of ${intents.length}; lost: ${lost}; applied twice: ${twice + 0}
streams: ${streamed.length} live-balance streams, ${figures.streamConnects} connections, ${figures.streamDrops} ends (by a kill, or a refused reconnect: ${[...figures.streamRefusals].map(([c, n]) => `${c} × ${n}`).join(", ") || "none"}), each followed by a reconnect; all on the database's balance ${behind().length === 0 ? `within ${catchUpMs} ms of the load's end` : "— NOT all"}
transferers' balances = the client's own bookkeeping: ${transferers.every((m) => balances.get(m.id)?.views === m.expectedViews.toString()) ? "yes" : "NO"}
ledger:verify: ${ledgerOk ? "OK" : "FAILED"}
violations: ${problems.length}
total time: ${elapsed()}`);
}

const watchdog = setTimeout(() => {
  console.error(`cluster test: over its ${BUDGET_MS / 1000} s budget; stopping`);
  problems.push("timeout");
  void cleanup().finally(() => process.exit(2));
}, BUDGET_MS);

// Stopped from outside (CI's timeout, Ctrl-C): nginx, the instances and the database go too.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`cluster test: ${signal}; stopping`);
    void cleanup().finally(() => process.exit(1));
  });

async function cleanup(): Promise<void> {
  streamsOpen = false;
  for (const c of streamControllers) c.abort();
  await cluster?.stop().catch((e) => console.error(e));
  await adminQuery(`drop database if exists ${dbName} with (force)`).catch((e) => console.error(e));
}

try {
  await main();
} catch (error) {
  problems.push(String(error));
  console.error(error);
  if (cluster) console.error(`instance logs: ${cluster.dir} (kept)`);
  process.env.CLUSTER_KEEP_LOGS = "1";
} finally {
  clearTimeout(watchdog);
  await cleanup();
}
process.exit(problems.length === 0 ? 0 : 1);
