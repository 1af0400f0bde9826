import type autocannon from "autocannon";
import { sql } from "drizzle-orm";
// The money path at 32 concurrent signed-in clients, against pgbench on the same PostgreSQL in
// the same run (ADR 013): transfers, swaps, boosts, mystery box openings and watch completions
// per second with their
// p99, and GET /api/balances, each as a ratio of pgbench TPC-B (writes) or select-only (reads).
// BENCH_RUNS runs (default 5); each scenario first runs BENCH_WARMUP_SECONDS (default 3) of load
// whose figures are discarded (a fresh server's JIT, PostgreSQL's plans and caches), and each run
// measures pgbench TPC-B before and after its scenarios, the ratios taking their mean, so a
// machine whose speed drifts during a run moves numerator and denominator alike. The summary
// gives min / Q1 / median / Q3 / max and the interquartile range of every figure, and for each
// ratio the smallest change its median can show (ADR 079).
// Withdrawal requests are measured as their money command alone (see withdrawalRequests).
// Transfers run twice: key-less (the goal's figure) and with a fresh Idempotency-Key per request, as
// the web app sends them (ADR 041).
// Goals (ADR 079): transfers ≥ 50 % of TPC-B, keyed transfers ≥ 45 %, swaps, boosts and box
// openings ≥ 50 % each, every money path's p99 < 30 ms; watch completions ≥ 1,000/s or
// ≥ 30 % of TPC-B; signed-in balances ≥ 25 % of select-only; ledger:verify after every run.
// Goal: box openings/s at least the transfer figure.
// Marketplace purchases/s ≥ transfers/s; the marketplace's first page and the ranking
// page with p99 < 20 ms.
import { queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import {
  BASE,
  dropPgbench,
  ipFor,
  load,
  migratedDatabase,
  perClient,
  pgbenchTps,
  printFunctionStats,
  printTable,
  type Row,
  resetFunctionStats,
  seedWatchHistory,
  sessionCookie,
  startServer,
  stopServer,
  trackFunctions,
  WATCH_START_GAP,
} from "./harness";
import { solutionsFor } from "./watch-solutions";

const CLIENTS = 32;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const SECRET = "bench-secret-bench-secret-bench-secret-0001";
/** Members who each complete one watch session per run (one open session per member). */
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 20_000);
/** Members with a video the watchers watch (about ten watchers per video per run). */
const CREATORS = Number(process.env.BENCH_CREATORS ?? 2_000);
/** Marketplace offers listed before each run; each is bought once (whole-offer purchases). */
const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);

const database = await migratedDatabase();
const db = database.db;
await trackFunctions(db);
/** One scenario under load, with PostgreSQL's time per function when BENCH_FUNCTION_STATS=1. */
async function measure(name: string, opts: Parameters<typeof load>[1]): Promise<Row> {
  if (!wanted(name)) return { name, rps: 0, p50: 0, p99: 0, non2xx: 0, errors: 0 };
  // Warm-up, discarded: not for a scenario bounded by an amount (each session or offer is used once).
  if (WARMUP_SECONDS > 0 && !opts.amount)
    await load(`${name} (warm-up, discarded)`, { ...opts, duration: WARMUP_SECONDS });
  await resetFunctionStats(db);
  const row = await load(name, opts);
  await printFunctionStats(db, name);
  return row;
}
/**
 * BENCH_ONLY=transfers,box: only the scenarios whose name contains one of these words (the others
 * print 0); for looking at one path while changing it. Unset: every scenario.
 */
const ONLY = (process.env.BENCH_ONLY ?? "").split(",").filter(Boolean);
function wanted(name: string): boolean {
  return ONLY.length === 0 || ONLY.some((word) => name.includes(word));
}
const exec = (q: string) => db.execute(sql.raw(q));

// Members, their sessions (rows and signed cookies, as Better Auth issues them) and funds, in SQL.
const MEMBERS = CLIENTS * 2 + CREATORS + WATCHERS;
const FIRST_WATCHER = CLIENTS * 2 + CREATORS + 1;
await exec(`insert into users (id, name, email, email_verified, username, display_username)
  select 'mb' || g, 'm' || g, 'm' || g || '@bench.test', true, 'm' || g, 'm' || g
  from generate_series(1, ${MEMBERS}) g`);
await exec(`insert into sessions (id, token, user_id, expires_at)
  select 'ms' || g, 'money-token-' || g, 'mb' || g, now() + interval '7 days'
  from generate_series(1, ${MEMBERS}) g`);
const people = await queryRows<{ id: string; username: string; n: number }>(
  db,
  sql`select p.id, p.username, substr(u.id, 3)::int as n from profiles p join users u on u.id = p.auth_uid
      where u.id like 'mb%' and substr(u.id, 3)::int <= ${CLIENTS * 2} order by n`,
);
{
  const { fund } = await import("../apps/server/test/factories");
  // 1,000,000 USDT each: the withdrawal scenario takes 100 USDT a call, ~17,000 calls a run; with
  // a tenth of it the third run's callers ran dry and its figure counted refusals (ADR 040).
  for (const p of people) await fund(db, p.id, { views: 100_000_000n, usdt: 1_000_000_000_000n });
}
const cookie = (n: number) => sessionCookie(SECRET, `money-token-${n}`);
// One video per client (to boost) and per creator (to watch).
await exec(`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url)
  select p.id, 'Bench video ' || p.username, 'https://www.youtube.com/watch?v=bench' || lpad(p.username, 6, '0'),
         'b' || lpad(substr(p.username, 2), 10, '0'), 'BR', 'Music', 'https://i.ytimg.com/vi/x/hqdefault.jpg'
  from profiles p join users u on u.id = p.auth_uid
  where u.id like 'mb%' and substr(u.id, 3)::int < ${FIRST_WATCHER}`);
await seedWatchHistory(db);
await exec("analyze");
const videos = await queryRows<{ id: string; userId: string }>(
  db,
  sql`select id, user_id as "userId" from videos`,
);
const videoOf = new Map(videos.map((v) => [v.userId, v.id]));
const clientOf = (i: number) => people[i] as { id: string; username: string; n: number };

/** Sessions 31 s into their content for the watchers (each completes one per run). */
async function prepareWatchSessions(): Promise<Array<{ id: string; n: number }>> {
  await exec(`update ads_sessions set status = 'ABANDONED' where status in ('AD', 'CONTENT')`);
  await exec(`delete from watch_daily`);
  // Their heartbeats attested the ad and the content (ADR 046).
  await exec(`insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
      ad_attested_ms, content_attested_ms)
    select p.id, v.id, 'CONTENT', now() - interval '2 minutes' - g * ${WATCH_START_GAP},
      now() - interval '61 seconds' - g * ${WATCH_START_GAP}, 30000, 30000
    from generate_series(${FIRST_WATCHER}, ${MEMBERS}) g
    join users u on u.id = 'mb' || g join profiles p on p.auth_uid = u.id
    join profiles c on c.auth_uid = 'mb' || (${CLIENTS * 2 + 1} + g % ${CREATORS})
    join videos v on v.user_id = c.id`);
  // Each watcher may be credited for a video once per 24 hours: forget the previous run's credits.
  await exec(`update ads_sessions set credited = false where status = 'COMPLETED'`);
  return queryRows<{ id: string; n: number }>(
    db,
    sql`select a.id, substr(u.id, 3)::int as n from ads_sessions a join profiles p on p.id = a.user_id
        join users u on u.id = p.auth_uid where a.status = 'CONTENT' order by n`,
  );
}

/**
 * OFFERS offers of 10 views at 0.1 USDT, listed by the second half of the clients through the
 * marketplace command itself (escrow and all), for the first half to buy; and the ranking
 * recomputed so its page has rows.
 */
async function prepareOffers(): Promise<string[]> {
  await exec(
    `select vv_market_cancel_all(id, now()) from market_offers where status = 'OPEN' group by seller_id, id`,
  );
  const sellers = people.slice(CLIENTS).map((p) => p.id);
  await exec(`select vv_market_list(s.id, null, null, null, 10, 100000, now())
    from unnest(array['${sellers.join("','")}']::uuid[]) as s(id), generate_series(1, ${Math.ceil(OFFERS / CLIENTS)})`);
  await exec(
    `select vv_ranking_refresh(now(), '{watch_reward,view_request_match,referral_reward,referral_commission}')`,
  );
  return (
    await queryRows<{ id: string }>(
      db,
      sql`select id from market_offers where status = 'OPEN' order by created_at, id`,
    )
  ).map((r) => r.id);
}

/**
 * Withdrawal requests, as the money command alone (vv_withdraw_request, the statement the route
 * runs after the password check): over HTTP a withdrawal is bounded by scrypt, its rate limit
 * (10 a minute per address) and the daily limit, so the bench calls the command straight from
 * the bench's pool (8 connections, 32 concurrent callers) with a limit no run can reach.
 */
async function withdrawalRequests(): Promise<Row> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, i) => {
      const member = clientOf(i);
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await db.execute(
            sql`select vv_withdraw_request(${member.id}::uuid, null, 'bench', 'bench', 100000000,
                  1000000, 'TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', now(), now() - interval '1 day',
                  ${Number.MAX_SAFE_INTEGER}::bigint, ${Number.MAX_SAFE_INTEGER}::bigint, 24,
                  1000000000, null)`,
          );
          latencies.push(performance.now() - started);
        } catch (error) {
          if (errors++ === 0) console.log(`vv_withdraw_request: first error: ${String(error)}`);
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
  return {
    name: `vv_withdraw_request (SQL, ${CLIENTS} callers)`,
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
    errors,
  };
}

type RunFigures = Record<string, number>;
const runs: RunFigures[] = [];

for (let run = 1; run <= RUNS; run++) {
  console.log(`\n--- run ${run} of ${RUNS} ---`);
  const watchSessions = await prepareWatchSessions();
  const solutions = await solutionsFor(
    SECRET,
    watchSessions.map((s) => s.id),
  );
  const offers = await prepareOffers();
  // TPC-B before the scenarios; again after them (below): the ratios take the mean of the two.
  const tpcbBefore = await pgbenchTps(CLIENTS, 50);
  const server = await startServer({ BETTER_AUTH_SECRET: SECRET });
  const rows: Row[] = [];
  try {
    /** Each connection is one signed-in member (its own cookie and address). */
    const perMember = (
      method: "GET" | "POST",
      path: (i: number) => string,
      more: {
        body?: (i: number) => object;
        amount?: number;
        varies?: boolean;
        keyed?: boolean;
      } = {},
    ) =>
      perClient({
        clients: CLIENTS,
        cookieOf: (i) => cookie(clientOf(i).n),
        method,
        path,
        ...more,
      });
    const transferTo = (i: number) => ({
      recipient: clientOf(CLIENTS + i).username,
      transferType: "VIEWS",
      amount: "100",
    });
    const probe = await fetch(`${BASE}/api/transfers`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: BASE, cookie: cookie(1) },
      body: JSON.stringify({
        recipient: clientOf(CLIENTS).username,
        transferType: "VIEWS",
        amount: "100",
      }),
    });
    if (!probe.ok)
      throw new Error(`a transfer failed before the run: ${probe.status} ${await probe.text()}`);

    rows.push(
      await measure("GET /api/health", {
        connections: CLIENTS,
        // autocannon asks for BASE itself ("/") unless a request names a path.
        requests: [{ method: "GET", path: "/api/health" }],
      }),
    );
    rows.push(
      await measure(
        "GET /api/balances (signed in)",
        perMember("GET", () => "/api/balances"),
      ),
    );
    rows.push(
      await measure(
        "POST /api/transfers (100 views)",
        perMember("POST", () => "/api/transfers", { body: transferTo }),
      ),
    );
    // As the web app sends it: a fresh Idempotency-Key per click, which the command claims and
    // answers under (two more writes). The goal's figure above is the key-less request, as the
    // bench has measured it since it was first written; this one is reported beside it.
    rows.push(
      await measure(
        "POST /api/transfers (100 views, Idempotency-Key)",
        perMember("POST", () => "/api/transfers", { body: transferTo, varies: false, keyed: true }),
      ),
    );
    rows.push(
      await measure(
        "POST /api/swaps (10 views → USDT)",
        perMember("POST", () => "/api/swaps", {
          body: () => ({ direction: "VIEWS_TO_USDT", amount: "10" }),
        }),
      ),
    );
    rows.push(
      await measure(
        "POST /api/videos/:id/boost",
        perMember("POST", (i) => `/api/videos/${videoOf.get(clientOf(i).id)}/boost`),
      ),
    );
    rows.push(
      await measure(
        "POST /api/box/open (100 views)",
        perMember("POST", () => "/api/box/open"),
      ),
    );
    rows.push(
      await measure(
        "GET /api/marketplace/offers (first page)",
        perMember("GET", () => "/api/marketplace/offers?sort=price_asc"),
      ),
    );
    rows.push(
      await measure(
        "GET /api/ranking (first page)",
        perMember("GET", () => "/api/ranking"),
      ),
    );
    let o = 0;
    rows.push(
      await measure(
        `POST /api/marketplace/offers/:id/buy (${offers.length.toLocaleString("en")} offers)`,
        perMember("POST", () => `/api/marketplace/offers/${offers[o++ % offers.length]}/buy`, {
          amount: offers.length,
          varies: true,
        }),
      ),
    );
    let w = 0;
    const started = performance.now();
    const completions = await measure(
      `POST /api/watch-sessions/:id/complete (${watchSessions.length.toLocaleString("en")} sessions)`,
      {
        connections: CLIENTS,
        amount: watchSessions.length,
        requests: [
          {
            method: "POST" as const,
            setupRequest(req: autocannon.Request) {
              const s = watchSessions[w++ % watchSessions.length] as { id: string; n: number };
              return {
                ...req,
                path: `/api/watch-sessions/${s.id}/complete`,
                headers: {
                  origin: BASE,
                  cookie: cookie(s.n),
                  "x-forwarded-for": ipFor(s.n),
                  "content-type": "application/json",
                },
                // The solved proof-of-work challenge of the session (ADR 046).
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
    const watchRate = Math.round((credited?.n ?? 0) / ((performance.now() - started) / 1000));
    rows.push({ ...completions, rps: Math.max(completions.rps, watchRate) });
  } finally {
    await stopServer(server);
  }
  rows.push(await withdrawalRequests());
  const tpcbAfter = await pgbenchTps(CLIENTS, 50);
  const tpcb = (tpcbBefore + tpcbAfter) / 2;
  console.log(
    `pgbench TPC-B ${Math.round(tpcbBefore)} tps before the scenarios, ${Math.round(tpcbAfter)} after (mean ${Math.round(tpcb)})`,
  );
  const selectOnly = await pgbenchTps(CLIENTS, 50, ["-S"]);
  const byName = (prefix: string) => rows.find((r) => r.name.startsWith(prefix)) as Row;
  const transfers = byName("POST /api/transfers (100 views)");
  const keyedTransfers = byName("POST /api/transfers (100 views, Idempotency-Key)");
  const balances = byName("GET /api/balances");
  const watch = byName("POST /api/watch-sessions");
  const boxes = byName("POST /api/box/open");
  printTable(
    [
      ...rows,
      {
        name: `pgbench TPC-B (scale 50, ${CLIENTS} clients, mean of before and after)`,
        rps: Math.round(tpcb),
        p50: 0,
        p99: 0,
        non2xx: 0,
        errors: 0,
      },
      {
        name: `pgbench select-only (-S)`,
        rps: Math.round(selectOnly),
        p50: 0,
        p99: 0,
        non2xx: 0,
        errors: 0,
      },
    ],
    [
      `\ntransfers/s ÷ TPC-B = ${pct(transfers.rps / tpcb)} (goal ≥ 50 %); transfer p99 ${transfers.p99} ms (goal < 30 ms)`,
      `transfers with an Idempotency-Key ÷ TPC-B = ${pct(keyedTransfers.rps / tpcb)} (goal ≥ 45 %); p99 ${keyedTransfers.p99} ms`,
      `box openings/s = ${boxes.rps} = ${pct(boxes.rps / transfers.rps)} of transfers (goal ≥ 100 %); box p99 ${boxes.p99} ms`,
      `watch completions/s = ${watch.rps} = ${pct(watch.rps / tpcb)} of TPC-B (goal ≥ 1,000/s or ≥ 30 %)`,
      `GET /api/balances ÷ select-only = ${pct(balances.rps / selectOnly)} (goal ≥ 25 %)`,
      `purchases/s = ${byName("POST /api/marketplace").rps} (goal ≥ transfers/s, ${transfers.rps}); marketplace first page p99 ${byName("GET /api/marketplace").p99} ms, ranking page p99 ${byName("GET /api/ranking").p99} ms (goal < 20 ms)`,
    ],
  );
  const report = await verifyLedger(db);
  console.log(
    report.ok
      ? "ledger:verify OK after the run"
      : `ledger:verify FAILED: ${report.problems.join("; ")}`,
  );
  if (!report.ok) process.exitCode = 1;
  runs.push({
    "pgbench TPC-B tps": tpcb,
    "pgbench TPC-B drift in the run %": ((tpcbAfter - tpcbBefore) / tpcb) * 100,
    "pgbench select-only tps": selectOnly,
    ...Object.fromEntries(
      rows.flatMap((r) => [
        [`${r.name} req/s`, r.rps],
        [`${r.name} p99 ms`, r.p99],
      ]),
    ),
    "transfers ÷ TPC-B %": (transfers.rps / tpcb) * 100,
    "keyed transfers ÷ TPC-B %": (keyedTransfers.rps / tpcb) * 100,
    "swaps ÷ TPC-B %": (byName("POST /api/swaps").rps / tpcb) * 100,
    "boosts ÷ TPC-B %": (byName("POST /api/videos").rps / tpcb) * 100,
    "box openings ÷ TPC-B %": (boxes.rps / tpcb) * 100,
    "purchases ÷ transfers %": (byName("POST /api/marketplace").rps / transfers.rps) * 100,
    "watch completions ÷ TPC-B %": (watch.rps / tpcb) * 100,
    "balances ÷ select-only %": (balances.rps / selectOnly) * 100,
  });
}

function pct(ratio: number): string {
  return `${(ratio * 100).toFixed(0)} %`;
}

if (runs.length > 1) console.log(summary(runs));

/** Value at quantile q of sorted values (linear between the nearest ranks). */
function quantile(sorted: number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

/**
 * The runs' summary: min / Q1 / median / Q3 / max and the interquartile range of every figure;
 * for a percentage, also the smallest change between two such benches that their medians show
 * (two standard errors of the difference of two medians, σ estimated as IQR / 1.35 and the
 * median's standard error as 1.25 σ / √n, ADR 079).
 */
function summary(all: RunFigures[]): string {
  const n = all.length;
  const lines = [
    `\n### Summary of ${n} runs\n`,
    "| figure | min | Q1 | median | Q3 | max | IQR | smallest change shown |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
  ];
  for (const key of Object.keys(all[0] as RunFigures)) {
    const values = all.map((r) => r[key] as number).sort((a, b) => a - b);
    const [min, q1, median, q3, max] = [0, 0.25, 0.5, 0.75, 1].map((q) => quantile(values, q));
    const iqr = (q3 as number) - (q1 as number);
    const pct = key.endsWith("%");
    const f = (v: number | undefined) =>
      pct ? (v as number).toFixed(1) : Math.round(v as number).toString();
    const shown = key.includes("÷")
      ? `${((2 * Math.SQRT2 * 1.25 * (iqr / 1.35)) / Math.sqrt(n)).toFixed(1)} points`
      : "";
    lines.push(
      `| ${key} | ${f(min)} | ${f(q1)} | ${f(median)} | ${f(q3)} | ${f(max)} | ${f(iqr)} | ${shown} |`,
    );
  }
  return lines.join("\n");
}
await dropPgbench();
await database.close();
