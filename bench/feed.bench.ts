// The feed with 1,000,000 videos and 100,000 members (seeded with generate_series): first page
// and a deep cursor page, with and without filters, anonymous, at 32 concurrent clients (goal ≥
// 3,000 req/s, p99 < 20 ms); then watch completions/s (goal ≥ 1,000/s). Prints the table and
// EXPLAIN (ANALYZE, BUFFERS) of the feed queries.
import { sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import { boostedVideosSql, feedPageSql } from "../apps/server/src/modules/videos/videos.repository";
import {
  BASE,
  load,
  migratedDatabase,
  printTable,
  type Row,
  sessionCookie,
  startServer,
  stopServer,
} from "./harness";

const CLIENTS = 32;
const MEMBERS = 100_000;
const VIDEOS = 1_000_000;
const COMPLETIONS = Number(process.env.BENCH_COMPLETIONS ?? 30_000);
const SECRET = "bench-secret-bench-secret-bench-secret-0001";
const database = await migratedDatabase();
const db = database.db;
const exec = (q: string) => db.execute(sql.raw(q));
const time = async (label: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

await time(`seed ${MEMBERS.toLocaleString("en")} members`, () =>
  exec(`insert into users (id, name, email, email_verified, username, display_username)
        select 'bu' || g, 'b' || g, 'b' || g || '@bench.test', true, 'b' || g, 'b' || g
        from generate_series(1, ${MEMBERS}) g`),
);
await time(`seed ${VIDEOS.toLocaleString("en")} videos`, async () => {
  await exec(`create temporary table bench_members as
      select row_number() over (order by id) as n, id from profiles where username like 'b%'`);
  await exec(`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url, watched_count, created_at)
      select m.id, 'Bench video ' || g, 'https://www.youtube.com/watch?v=' || left(md5(g::text), 11),
        left(md5(g::text), 11),
        (array['BR','US','UK','CA','AU','DE','FR','ES','IT','JP','KR','IN','MX','AR'])[1 + g % 14],
        (array['Technology','Entertainment','Education','Gaming','Music','Sports','Travel','Food','Fashion','Health','Business','News','Comedy','DIY'])[1 + (g / 14) % 14],
        'https://i.ytimg.com/vi/' || left(md5(g::text), 11) || '/hqdefault.jpg', g % 500,
        now() - g * interval '1 second'
      from generate_series(1, ${VIDEOS}) g join bench_members m on m.n = 1 + g % ${MEMBERS}`);
  // A few active boosts, as on a live feed.
  await exec(`update videos set boosted_until = now() + interval '12 hours'
      where id in (select id from videos order by created_at desc offset 1000 limit 12)`);
  await exec("analyze");
});

const [deep] = await queryRows<{ cursor: string }>(
  db,
  sql`select (extract(epoch from created_at) * 1000000)::bigint || '_' || id as cursor
      from videos order by created_at desc, id desc offset 500000 limit 1`,
);
const [deepFiltered] = await queryRows<{ cursor: string }>(
  db,
  sql`select (extract(epoch from created_at) * 1000000)::bigint || '_' || id as cursor
      from videos where country = 'BR' and theme = 'Music'
      order by created_at desc, id desc offset 2500 limit 1`,
);

// Watch completions: sessions 31 s into their content for distinct watchers, each signed in
// with a session row and its signed cookie (as Better Auth would issue).
await time(`prepare ${COMPLETIONS.toLocaleString("en")} watch sessions`, async () => {
  await exec(`insert into sessions (id, token, user_id, expires_at)
      select 's' || n, 'benchtoken' || n, 'bu' || n, now() + interval '7 days'
      from generate_series(1, ${COMPLETIONS}) n`);
  await exec(`insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at)
      select p.id, v.id, 'CONTENT', now() - interval '2 minutes', now() - interval '61 seconds'
      from generate_series(1, ${COMPLETIONS}) n
      join profiles p on p.auth_uid = 'bu' || n
      join lateral (select id from videos where user_id <> p.id and created_at < now() - (n * 7) * interval '1 second'
                    order by created_at desc limit 1) v on true`);
});
const sessions = await queryRows<{ id: string; token: string }>(
  db,
  sql`select a.id, s.token from ads_sessions a join profiles p on p.id = a.user_id
      join sessions s on s.user_id = p.auth_uid where a.status = 'CONTENT' order by s.token`,
);
const cookie = (token: string) => sessionCookie(SECRET, token);

async function explain(label: string, query: ReturnType<typeof feedPageSql>) {
  const rows = await queryRows<{ "QUERY PLAN": string }>(
    db,
    sql`explain (analyze, buffers) ${query}`,
  );
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${label}`);
  for (const r of rows) console.log(`  ${r["QUERY PLAN"]}`);
}

const now = new Date();
const toAfter = (cursor: string) => {
  const [micros, id] = cursor.split("_") as [string, string];
  return { micros, id };
};
await explain("feed first page", feedPageSql({ now, limit: 25 }));
await explain("feed boosted block", boostedVideosSql({ now, limit: 50 }));
await explain(
  "feed deep cursor page (500,000 rows in)",
  feedPageSql({ now, limit: 25, after: toAfter(deep?.cursor ?? "") }),
);
await explain(
  "feed first page, country=BR theme=Music",
  feedPageSql({ now, limit: 25, country: "BR", theme: "Music" }),
);
await explain(
  "feed deep cursor page, country=BR theme=Music",
  feedPageSql({
    now,
    limit: 25,
    country: "BR",
    theme: "Music",
    after: toAfter(deepFiltered?.cursor ?? ""),
  }),
);

const server = await startServer();
const rows: Row[] = [];
try {
  const get = (name: string, path: string) =>
    load(name, { connections: CLIENTS, requests: [{ method: "GET" as const, path }] });
  const probe = await fetch(`${BASE}/api/videos?cursor=${deep?.cursor}`);
  if (!probe.ok)
    throw new Error(`feed failed before the run: ${probe.status} ${await probe.text()}`);
  rows.push(await get("GET /api/health (reference)", "/api/health"));
  rows.push(await get("GET /api/videos (first page)", "/api/videos"));
  rows.push(
    await get("GET /api/videos (deep cursor, 500k in)", `/api/videos?cursor=${deep?.cursor}`),
  );
  rows.push(
    await get("GET /api/videos?country=BR&theme=Music", "/api/videos?country=BR&theme=Music"),
  );
  rows.push(
    await get(
      "GET /api/videos?country=BR&theme=Music (deep cursor)",
      `/api/videos?country=BR&theme=Music&cursor=${deepFiltered?.cursor}`,
    ),
  );
  rows.push(await get("GET /api/videos?theme=Gaming", "/api/videos?theme=Gaming"));

  let next = 0;
  const started = performance.now();
  const completions = await load(
    `POST /api/watch-sessions/:id/complete (${sessions.length.toLocaleString("en")})`,
    {
      connections: CLIENTS,
      amount: sessions.length,
      requests: [
        {
          method: "POST" as const,
          setupRequest(req) {
            const s = sessions[next++ % sessions.length] as { id: string; token: string };
            return {
              ...req,
              path: `/api/watch-sessions/${s.id}/complete`,
              headers: { origin: BASE, cookie: cookie(s.token) },
            };
          },
        },
      ],
    },
  );
  const seconds = (performance.now() - started) / 1000;
  rows.push(completions);
  const [credited] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ads_sessions where credited`,
  );
  printTable(rows, [
    `\nwatch completions credited: ${credited?.n} of ${sessions.length} in ${seconds.toFixed(1)} s = ${Math.round((credited?.n ?? 0) / seconds)}/s (goal ≥ 1,000/s)`,
    `feed goal: ≥ 3,000 req/s and p99 < 20 ms at ${CLIENTS} clients`,
  ]);
} finally {
  await stopServer(server);
}
const report = await verifyLedger(db);
console.log(
  report.ok
    ? "ledger:verify OK after the run"
    : `ledger:verify FAILED: ${report.problems.join("; ")}`,
);
if (!report.ok) process.exitCode = 1;
await database.close();
