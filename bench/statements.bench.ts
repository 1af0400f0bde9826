import { readFileSync, statSync } from "node:fs";
import { sql } from "drizzle-orm";
// What each money request costs, in figures that do not move with the machine's load (ADR 079):
// per request, the statements the server sends (round trips: PostgreSQL's log_statement), the
// statements PostgreSQL executes for them, nested ones inside the functions included
// (auto_explain with log_nested_statements), and the CPU the server process and its PostgreSQL
// backends spent (/proc, over STATEMENTS_CPU_REQUESTS sequential requests without logging).
//
// Needs a superuser connection (the logging settings travel in the server's connection options,
// so only the server's own sessions log) and read access to PostgreSQL's log file
// (STATEMENTS_PG_LOG, default /var/log/postgresql/postgresql-15-main.log, log_line_prefix
// containing `%u@%d `). Run: BENCH_DATABASE_URL=… npm run bench -- statements
import { queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import {
  BASE,
  migratedDatabase,
  seedWatchHistory,
  sessionCookie,
  startServer,
  stopServer,
  url,
  WATCH_START_GAP,
} from "./harness";
import { solutionsFor } from "./watch-solutions";

const SECRET = "bench-secret-bench-secret-bench-secret-0001";
const LOG = process.env.STATEMENTS_PG_LOG ?? "/var/log/postgresql/postgresql-15-main.log";
/** Requests per scenario whose statements are counted (with logging on). */
const COUNTED = Number(process.env.STATEMENTS_REQUESTS ?? 20);
/** Requests per scenario whose CPU is measured (logging off). */
const CPU_REQUESTS = Number(process.env.STATEMENTS_CPU_REQUESTS ?? 400);
const MEMBERS = 8;
const WATCHERS = CPU_REQUESTS + 30;
const dbName = new URL(url).pathname.slice(1);

const database = await migratedDatabase();
const db = database.db;
const exec = (q: string) => db.execute(sql.raw(q));

await exec(`insert into users (id, name, email, email_verified, username, display_username)
  select 'sb' || g, 's' || g, 's' || g || '@bench.test', true, 's' || g, 's' || g
  from generate_series(1, ${MEMBERS + WATCHERS + 1}) g on conflict do nothing`);
await exec(`insert into sessions (id, token, user_id, expires_at)
  select 'ss' || g, 'stmt-token-' || g, 'sb' || g, now() + interval '7 days'
  from generate_series(1, ${MEMBERS + WATCHERS + 1}) g on conflict do nothing`);
const people = await queryRows<{ id: string; username: string; n: number }>(
  db,
  sql`select p.id, p.username, substr(u.id, 3)::int as n from profiles p join users u on u.id = p.auth_uid
      where u.id like 'sb%' order by n`,
);
const person = (n: number) => people[n - 1] as { id: string; username: string; n: number };
{
  const { fund } = await import("../apps/server/test/factories");
  for (let n = 1; n <= MEMBERS; n++)
    await fund(db, person(n).id, { views: 100_000_000n, usdt: 1_000_000_000_000n });
}
// A video of member 1 (boosted) and of the last member (watched).
const creator = person(MEMBERS + WATCHERS + 1);
await exec(`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url)
  select p.id, 'Statements video ' || p.username, 'https://www.youtube.com/watch?v=st' || p.username,
         'st' || lpad(p.username, 9, '0'), 'BR', 'Music', 'https://i.ytimg.com/vi/x/hqdefault.jpg'
  from profiles p where p.id in ('${person(1).id}', '${creator.id}')
  on conflict do nothing`);
const videoOf = async (profile: string) =>
  (await queryRows<{ id: string }>(db, sql`select id from videos where user_id = ${profile}`))[0]
    ?.id as string;
const boosted = await videoOf(person(1).id);
const watched = await videoOf(creator.id);
await seedWatchHistory(db);
await exec("analyze");

/** Watch sessions 61 s into their content, attested (ADR 046), one per watcher. */
async function watchSessions(): Promise<Array<{ id: string; n: number; solution: string }>> {
  await exec(`update ads_sessions set status = 'ABANDONED' where status in ('AD', 'CONTENT')`);
  await exec(`delete from watch_daily`);
  await exec(`update ads_sessions set credited = false where status = 'COMPLETED'`);
  await exec(`insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
      ad_attested_ms, content_attested_ms)
    select p.id, '${watched}', 'CONTENT', now() - interval '2 minutes' - g * ${WATCH_START_GAP},
      now() - interval '61 seconds' - g * ${WATCH_START_GAP}, 30000, 30000
    from generate_series(${MEMBERS + 1}, ${MEMBERS + WATCHERS}) g
    join users u on u.id = 'sb' || g join profiles p on p.auth_uid = u.id
`);
  const rows = await queryRows<{ id: string; n: number }>(
    db,
    sql`select a.id, substr(u.id, 3)::int as n from ads_sessions a join profiles p on p.id = a.user_id
        join users u on u.id = p.auth_uid where a.status = 'CONTENT' order by n`,
  );
  const solutions = await solutionsFor(
    SECRET,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, solution: solutions.get(r.id) as string }));
}

const cookie = (n: number) => sessionCookie(SECRET, `stmt-token-${n}`);
let keys = 0;
const tag = Date.now().toString(36);

interface Scenario {
  name: string;
  request(i: number): { path: string; body?: object; member: number; keyed?: boolean };
}
let sessions: Array<{ id: string; n: number; solution: string }> = [];
let nextSession = 0;
const scenarios: Scenario[] = [
  {
    name: "transfer (recipient by id)",
    request: () => ({
      path: "/api/transfers",
      member: 2,
      body: { recipient: person(3).id, transferType: "VIEWS", amount: "100" },
    }),
  },
  {
    name: "transfer (recipient by username)",
    request: () => ({
      path: "/api/transfers",
      member: 2,
      body: { recipient: person(3).username, transferType: "VIEWS", amount: "100" },
    }),
  },
  {
    name: "transfer by username, Idempotency-Key",
    request: () => ({
      path: "/api/transfers",
      member: 2,
      keyed: true,
      body: { recipient: person(3).username, transferType: "VIEWS", amount: "100" },
    }),
  },
  {
    name: "swap (10 views → USDT)",
    request: () => ({
      path: "/api/swaps",
      member: 4,
      body: { direction: "VIEWS_TO_USDT", amount: "10" },
    }),
  },
  {
    name: "boost",
    request: () => ({ path: `/api/videos/${boosted}/boost`, member: 1 }),
  },
  { name: "box open", request: () => ({ path: "/api/box/open", member: 5 }) },
  {
    name: "watch completion",
    request: () => {
      const s = sessions[nextSession++] as { id: string; n: number; solution: string };
      return {
        path: `/api/watch-sessions/${s.id}/complete`,
        member: s.n,
        body: { solution: s.solution },
      };
    },
  },
];

async function send(s: Scenario, i: number): Promise<void> {
  const r = s.request(i);
  const res = await fetch(`${BASE}${r.path}`, {
    method: "POST",
    headers: {
      origin: BASE,
      cookie: cookie(r.member),
      "x-forwarded-for": `10.9.0.${r.member % 250}`,
      ...(r.body ? { "content-type": "application/json" } : {}),
      ...(r.keyed ? { "idempotency-key": `stmt-${tag}-${++keys}` } : {}),
    },
    ...(r.body ? { body: JSON.stringify(r.body) } : {}),
  });
  if (!res.ok) throw new Error(`${s.name}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
}

/** Clock ticks (user + system) of a process, or 0 once it is gone. */
function ticks(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

async function backends(): Promise<number[]> {
  const rows = await queryRows<{ pid: number }>(
    db,
    sql`select pid from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

const logging = [
  "-c log_statement=all",
  "-c session_preload_libraries=auto_explain",
  "-c auto_explain.log_min_duration=0",
  "-c auto_explain.log_nested_statements=on",
  "-c auto_explain.log_format=text",
  // Buffers and WAL per statement: what PostgreSQL touched and wrote, a figure the machine's load
  // does not move (timing off: only the counts are wanted).
  "-c auto_explain.log_analyze=on",
  "-c auto_explain.log_timing=off",
  "-c auto_explain.log_buffers=on",
  "-c auto_explain.log_wal=on",
];
function withOptions(options: string[]): string {
  const u = new URL(url);
  u.searchParams.set("options", options.join(" "));
  return u.toString();
}

interface Counted {
  /** Statements the server sent for the requests and waited for. */
  roundTrips: number;
  /** Statements PostgreSQL executed for them, nested ones included. */
  statements: number;
  /**
   * Statements the requests set off without waiting, shared by the requests of a moment: the
   * balance event's NOTIFY (one per batch, ADR 013) and the outboxes' polls after a nudge.
   */
  background: number;
  /** Shared buffers hit or read by the top-level statements (nested work included). */
  buffers: number;
  /** WAL records and bytes written by the top-level statements (nested work included). */
  walRecords: number;
  walBytes: number;
  top: Map<string, number>;
  nested: Map<string, number>;
}

/** The log lines of this database written since `from`, one statement or plan each. */
function countSince(from: number): Counted {
  const text = readFileSync(LOG).subarray(from).toString("utf8");
  const lines = text.split("\n");
  const mark = `@${dbName} `;
  const top = new Map<string, number>();
  const nested = new Map<string, number>();
  let roundTrips = 0;
  let statements = 0;
  let background = 0;
  const isBackground = (q: string) => /^(select pg_notify\(|with due as)/i.test(q.trim());
  let buffers = 0;
  let walRecords = 0;
  let walBytes = 0;
  const add = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.includes(mark)) continue;
    const stmt = line.match(/LOG: {2}(?:statement|execute [^:]*): (.*)$/);
    if (stmt) {
      const q = (stmt[1] as string).replace(/\s+/g, " ");
      if (isBackground(q)) background++;
      else roundTrips++;
      add(top, q.slice(0, 60));
      continue;
    }
    if (/LOG: {2}duration: [\d.]+ ms {2}plan:/.test(line)) {
      const q = (lines[i + 1] ?? "").replace(/^\s*Query Text:\s*/, "").replace(/\s+/g, " ");
      if (!isBackground(q)) statements++;
      add(nested, q.slice(0, 70));
      // A top-level command (`select vv_…(…) as outcome`): its plan's first Buffers and WAL
      // lines hold the whole request's, the functions' statements included.
      if (/^select vv_\w+\(.*\) as outcome/.test(q)) {
        let sawBuffers = false;
        let sawWal = false;
        for (let j = i + 2; j < lines.length && !(lines[j] as string).includes(mark); j++) {
          const l = lines[j] as string;
          const b = !sawBuffers && l.match(/Buffers: shared (.*)$/);
          if (b) {
            sawBuffers = true;
            for (const m of (b[1] as string).matchAll(/(hit|read)=(\d+)/g)) buffers += Number(m[2]);
          }
          const w = !sawWal && l.match(/WAL: records=(\d+)(?: fpi=\d+)? bytes=(\d+)/);
          if (w) {
            sawWal = true;
            walRecords += Number(w[1]);
            walBytes += Number(w[2]);
          }
        }
      }
    }
  }
  return { roundTrips, statements, background, buffers, walRecords, walBytes, top, nested };
}

const results: Array<{ name: string; counted: Counted; server: number; pg: number }> = [];
const countedRuns = new Map<string, Counted>();

// Pass 1: statements, with the server's sessions logging.
sessions = await watchSessions();
{
  const server = await startServer({
    BETTER_AUTH_SECRET: SECRET,
    DATABASE_URL: withOptions(logging),
  });
  try {
    for (const s of scenarios) {
      await send(s, -1); // warm: the session cache, prepared statements, plans
      await new Promise((r) => setTimeout(r, 300));
      const from = statSync(LOG).size;
      for (let i = 0; i < COUNTED; i++) await send(s, i);
      await new Promise((r) => setTimeout(r, 500));
      countedRuns.set(s.name, countSince(from));
    }
  } finally {
    await stopServer(server);
  }
}

// Pass 2: CPU per request, without logging.
sessions = await watchSessions();
nextSession = 0;
{
  const server = await startServer({ BETTER_AUTH_SECRET: SECRET });
  try {
    for (const s of scenarios) {
      for (let i = 0; i < 20; i++) await send(s, i);
      const pids = await backends();
      const before = ticks(server.pid as number);
      const pgBefore = pids.map(ticks);
      for (let i = 0; i < CPU_REQUESTS; i++) await send(s, i);
      const serverTicks = ticks(server.pid as number) - before;
      const pgTicks = pids.map(ticks).reduce((a, t, k) => a + t - (pgBefore[k] as number), 0);
      results.push({
        name: s.name,
        counted: countedRuns.get(s.name) as Counted,
        server: (serverTicks * 10_000) / CPU_REQUESTS,
        pg: (pgTicks * 10_000) / CPU_REQUESTS,
      });
    }
  } finally {
    await stopServer(server);
  }
}

console.log(
  `\n| request | round trips | statements executed (nested included) | background statements | shared buffers | WAL records | WAL bytes | server CPU µs | PostgreSQL CPU µs |`,
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of results)
  console.log(
    `| ${r.name} | ${(r.counted.roundTrips / COUNTED).toFixed(2)} | ${(r.counted.statements / COUNTED).toFixed(2)} | ${(r.counted.background / COUNTED).toFixed(2)} | ${(r.counted.buffers / COUNTED).toFixed(1)} | ${(r.counted.walRecords / COUNTED).toFixed(1)} | ${Math.round(r.counted.walBytes / COUNTED)} | ${Math.round(r.server)} | ${Math.round(r.pg)} |`,
  );
if (process.env.STATEMENTS_DETAIL === "1")
  for (const r of results) {
    console.log(`\n${r.name}: round trips`);
    for (const [q, n] of r.counted.top) console.log(`  ${(n / COUNTED).toFixed(2)} × ${q}`);
    console.log(`${r.name}: statements executed`);
    for (const [q, n] of r.counted.nested) console.log(`  ${(n / COUNTED).toFixed(2)} × ${q}`);
  }
const report = await verifyLedger(db);
console.log(
  report.ok
    ? "\nledger:verify OK after the bench"
    : `\nledger:verify FAILED: ${report.problems.join("; ")}`,
);
if (!report.ok) process.exitCode = 1;
await database.close();
