import type autocannon from "autocannon";
import { sql } from "drizzle-orm";
// Proof of attention under load (ADR 046), against pgbench on the same PostgreSQL in the same run:
// - heartbeats/s sustained by the real server: each request is one member's heartbeat for their
//   open session (members taken in turn, so each session hears one about every WATCHERS ÷ rate
//   seconds, as a page does every 5 s), with the CPU per heartbeat (PostgreSQL, server, load
//   generator) and the members watching at once it implies (rate × 5 s);
// - watch completions/s with the challenge verification and the evidence check, as a ratio of
//   pgbench TPC-B.
// Goal: ≥ 600 heartbeats/s = 3,000 members watching at once on 2 cores.
// BENCH_SECONDS (default 10) per scenario; BENCH_WATCHERS members (default 24,000: each session then
// hears from its page about every 6 s at 4,000/s, never under the 2 s minimum gap a page keeps, so
// every heartbeat is judged and written, not refused early). Only accepted heartbeats count.
import { queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import {
  BASE,
  dropPgbench,
  ipFor,
  load,
  migratedDatabase,
  pgbenchTps,
  printTable,
  type Row,
  seedWatchHistory,
  sessionCookie,
  startServer,
  stopServer,
  WATCH_START_GAP,
} from "./harness";
import { solutionsFor } from "./watch-solutions";

const CLIENTS = 32;
/** Completions measured on this many of the sessions (their challenges are made beforehand). */
const COMPLETIONS = 6_000;
const SECRET = "bench-secret-bench-secret-bench-secret-0001";
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 24_000);
const CREATORS = 200;
const HEARTBEAT_SECONDS = 5;

const database = await migratedDatabase();
const db = database.db;
const exec = (q: string) => db.execute(sql.raw(q));

// Creators (1..CREATORS) with a video each, and watchers, with signed-in sessions, in SQL.
const MEMBERS = CREATORS + WATCHERS;
await exec(`insert into users (id, name, email, email_verified, username, display_username)
  select 'hb' || g, 'h' || g, 'h' || g || '@bench.test', true, 'h' || g, 'h' || g
  from generate_series(1, ${MEMBERS}) g`);
await exec(`insert into sessions (id, token, user_id, expires_at)
  select 'hs' || g, 'heartbeat-token-' || g, 'hb' || g, now() + interval '7 days'
  from generate_series(1, ${MEMBERS}) g`);
await exec(`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url)
  select p.id, 'Bench video ' || p.username, 'https://www.youtube.com/watch?v=hb' || lpad(p.username, 6, '0'),
         'h' || lpad(substr(p.username, 2), 10, '0'), 'BR', 'Music', 'https://i.ytimg.com/vi/x/hqdefault.jpg'
  from profiles p join users u on u.id = p.auth_uid
  where u.id like 'hb%' and substr(u.id, 3)::int <= ${CREATORS}`);
await seedWatchHistory(db);
const cookie = (n: number) => sessionCookie(SECRET, `heartbeat-token-${n}`);

/** One open session per watcher, in `status` with what its heartbeats attested. */
async function prepareSessions(
  status: "AD" | "CONTENT",
  attestedMs: number,
): Promise<Array<{ id: string; n: number }>> {
  await exec(`update ads_sessions set status = 'ABANDONED' where status in ('AD', 'CONTENT')`);
  await exec(`delete from watch_daily`);
  await exec(`update ads_sessions set credited = false where status = 'COMPLETED'`);
  await exec(`insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
      ad_attested_ms, content_attested_ms)
    select p.id, v.id, '${status}', now() - interval '2 minutes' - g * ${WATCH_START_GAP},
      ${status === "CONTENT" ? `now() - interval '61 seconds' - g * ${WATCH_START_GAP}` : "null"},
      ${attestedMs}, ${attestedMs}
    from generate_series(${CREATORS + 1}, ${MEMBERS}) g
    join users u on u.id = 'hb' || g join profiles p on p.auth_uid = u.id
    join profiles c on c.auth_uid = 'hb' || (1 + g % ${CREATORS})
    join videos v on v.user_id = c.id`);
  await exec("analyze ads_sessions");
  return queryRows<{ id: string; n: number }>(
    db,
    sql`select a.id, substr(u.id, 3)::int as n from ads_sessions a join profiles p on p.id = a.user_id
        join users u on u.id = p.auth_uid where a.status = ${status} order by n`,
  );
}

const rows: Row[] = [];
let heartbeatRow: Row | undefined;
let completionRow: Row | undefined;
{
  const sessions = await prepareSessions("AD", 0);
  const seqs = new Map<string, number>();
  const server = await startServer({ BETTER_AUTH_SECRET: SECRET });
  try {
    let next = 0;
    heartbeatRow = await load(
      `POST /api/watch-sessions/:id/heartbeats (${sessions.length.toLocaleString("en")} sessions)`,
      {
        connections: CLIENTS,
        requests: [
          {
            method: "POST" as const,
            setupRequest(req: autocannon.Request) {
              const s = sessions[next++ % sessions.length] as { id: string; n: number };
              const seq = (seqs.get(s.id) ?? 0) + 1;
              seqs.set(s.id, seq);
              return {
                ...req,
                path: `/api/watch-sessions/${s.id}/heartbeats`,
                headers: {
                  origin: BASE,
                  cookie: cookie(s.n),
                  "x-forwarded-for": ipFor(s.n),
                  "content-type": "application/json",
                },
                body: JSON.stringify({
                  step: "ad",
                  seq,
                  playerState: "unstarted",
                  positionSeconds: 0,
                  visible: true,
                  focused: true,
                  visibleRatio: 1,
                  playerWidth: 640,
                  playerHeight: 360,
                }),
              };
            },
          },
        ],
      },
    );
    rows.push(heartbeatRow);
  } finally {
    await stopServer(server);
  }
  const [attested] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ads_sessions where status = 'AD' and ad_attested_ms > 0`,
  );
  console.log(`sessions with attested ad time after the run: ${attested?.n ?? 0}`);
}
{
  const sessions = (await prepareSessions("CONTENT", 30_000)).slice(0, COMPLETIONS);
  const solutions = await solutionsFor(
    SECRET,
    sessions.map((s) => s.id),
  );
  const server = await startServer({ BETTER_AUTH_SECRET: SECRET });
  try {
    let next = 0;
    const started = performance.now();
    const measured = await load(
      `POST /api/watch-sessions/:id/complete (challenge + evidence, ${sessions.length.toLocaleString("en")} sessions)`,
      {
        connections: CLIENTS,
        amount: sessions.length,
        requests: [
          {
            method: "POST" as const,
            setupRequest(req: autocannon.Request) {
              const s = sessions[next++ % sessions.length] as { id: string; n: number };
              return {
                ...req,
                path: `/api/watch-sessions/${s.id}/complete`,
                headers: {
                  origin: BASE,
                  cookie: cookie(s.n),
                  "x-forwarded-for": ipFor(s.n),
                  "content-type": "application/json",
                },
                body: JSON.stringify({ solution: solutions.get(s.id) }),
              };
            },
          },
        ],
      },
    );
    const [credited] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ads_sessions where credited`,
    );
    const rate = Math.round((credited?.n ?? 0) / ((performance.now() - started) / 1000));
    completionRow = { ...measured, rps: Math.max(measured.rps, rate) };
    rows.push(completionRow);
  } finally {
    await stopServer(server);
  }
}
const tpcb = await pgbenchTps(CLIENTS, 10);
// Accepted heartbeats per second: the rate less any refused (409) answers.
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const heartbeats = Math.round((heartbeatRow?.rps ?? 0) - (heartbeatRow?.non2xx ?? 0) / seconds);
const completions = completionRow?.rps ?? 0;
printTable(
  [
    ...rows,
    {
      name: `pgbench TPC-B (scale 10, ${CLIENTS} clients)`,
      rps: Math.round(tpcb),
      p50: 0,
      p99: 0,
      non2xx: 0,
      errors: 0,
    },
  ],
  [
    `\nheartbeats/s = ${heartbeats} (goal ≥ 600) → members watching at once ≈ ${(heartbeats * HEARTBEAT_SECONDS).toLocaleString("en")} (one heartbeat per ${HEARTBEAT_SECONDS} s; goal ≥ 3,000)`,
    `heartbeats/s ÷ TPC-B = ${((heartbeats / tpcb) * 100).toFixed(0)} %`,
    `watch completions/s (challenge + evidence) = ${completions} = ${((completions / tpcb) * 100).toFixed(0)} % of TPC-B`,
    "(CPU per heartbeat: the line 'CPU per request' above the table)",
  ],
);
const report = await verifyLedger(db);
console.log(
  report.ok
    ? "ledger:verify OK after the run"
    : `ledger:verify FAILED: ${report.problems.join("; ")}`,
);
if (!report.ok) process.exitCode = 1;
await dropPgbench();
await database.close();
