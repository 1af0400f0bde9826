import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/db/client";
import { verifyLedger } from "../apps/server/src/modules/ledger/verify-ledger";
import { openOffersSql } from "../apps/server/src/modules/marketplace/marketplace.repository";
import { rankingPageSql } from "../apps/server/src/modules/ranking/ranking.repository";
import { RANKING } from "../packages/shared/src/constants";
import {
  BASE,
  load,
  migratedDatabase,
  perClient,
  printTable,
  type Row,
  sessionCookie,
  startServer,
  stopServer,
} from "./harness";

const CLIENTS = 32;
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const OFFERS = Number(process.env.BENCH_OFFERS ?? 10_000);
const SECRET = "bench-secret-bench-secret-bench-secret-0001";
const database = await migratedDatabase();
const db = database.db;
const exec = (q: string) => db.execute(sql.raw(q));
const time = async (label: string, run: () => Promise<unknown>) => {
  const t0 = performance.now();
  await run();
  console.log(`${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
};

// Members (the profile and ledger-account triggers run), a session for each of the 32 clients.
await time(`seed ${MEMBERS.toLocaleString("en")} members`, async () => {
  await exec(`insert into users (id, name, email, email_verified, username, display_username)
    select 'kb' || g, 'k' || g, 'k' || g || '@bench.test', true, 'k' || g, 'k' || g
    from generate_series(1, ${MEMBERS}) g`);
  await exec(`insert into sessions (id, token, user_id, expires_at)
    select 'ks' || g, 'market-token-' || g, 'kb' || g, now() + interval '7 days'
    from generate_series(1, ${CLIENTS}) g`);
  await exec(`create table bench_members as
    select substr(u.id, 3)::int as n, p.id, a.id as views_account
    from users u join profiles p on p.auth_uid = u.id
    join ledger_accounts a on a.profile_id = p.id and a.kind = 'member' and a.currency = 'VIEWS'
    where u.id like 'kb%'`);
  await exec("create unique index on bench_members (n)");
});

// Ledger history: ENTRIES / 2 balanced transactions (issuance → member, earned kinds, spread over
// 90 days), their entries, then the member accounts set to the sum of their entries.
await time(`seed ${ENTRIES.toLocaleString("en")} ledger entries`, async () => {
  const transactions = Math.floor(ENTRIES / 2);
  const kinds = `array['${RANKING.earnedKinds.slice(0, 3).join("','")}']`;
  await exec(`create table bench_tx as
    select g, md5('bench-tx-' || g)::uuid as id, m.id as profile_id, m.views_account,
      (${kinds})[1 + g % 3] as kind, 10 + g % 7 as amount,
      now() - (g % 7776000) * interval '1 second' as created_at
    from generate_series(1, ${transactions}) g join bench_members m on m.n = 1 + g % ${MEMBERS}`);
  await exec(`insert into ledger_transactions (id, kind, actor_profile_id, memo, created_at)
    select id, kind, profile_id, '{}', created_at from bench_tx`);
  // Member legs carry their running balance (balance_after), as ledger_post writes it.
  await exec(`insert into ledger_entries (transaction_id, account_id, currency, amount, balance_after, counterparty_profile_id, created_at)
    select t.id, x.account_id, 'VIEWS', x.amount, x.after, null, t.created_at
    from (select *, sum(amount) over (partition by views_account order by g) as running from bench_tx) t
    cross join lateral (values (t.views_account, t.amount::bigint, t.running::bigint),
      ((select id from ledger_accounts where kind = 'rewards' and currency = 'VIEWS'), -t.amount::bigint, null::bigint))
      as x(account_id, amount, after)
    order by t.g`);
  await exec(`update ledger_accounts a set balance = s.total, updated_at = now()
    from (select views_account, sum(amount) as total from bench_tx group by views_account) s
    where a.id = s.views_account`);
  await exec("drop table bench_tx");
});

// The clients can transfer and buy; sellers list offers through the marketplace command.
const clients = await queryRows<{ id: string; username: string; n: number }>(
  db,
  sql`select m.id, p.username, m.n from bench_members m join profiles p on p.id = m.id
      where m.n <= ${CLIENTS} order by m.n`,
);
{
  const { fund } = await import("../apps/server/test/factories");
  for (const c of clients) await fund(db, c.id, { views: 100_000_000n, usdt: 100_000_000_000n });
}
await time(`list ${OFFERS.toLocaleString("en")} offers and recompute the ranking`, async () => {
  await exec(`select vv_market_list(m.id, null, null, null, 5, 100000 + (m.n % 50) * 1000, now())
    from bench_members m where m.n > ${CLIENTS} and m.n <= ${CLIENTS + OFFERS}`);
  await exec(`select vv_ranking_refresh(now(), '{${RANKING.earnedKinds.join(",")}}')`);
  await exec("analyze");
});
const offers = (
  await queryRows<{ id: string }>(
    db,
    sql`select id from market_offers where status = 'OPEN' order by created_at, id`,
  )
).map((r) => r.id);
const [counts] = await queryRows<{ entries: number; ranked: number }>(
  db,
  sql`select (select count(*)::int from ledger_entries) as entries,
             (select count(*)::int from ranking_entries) as ranked`,
);
console.log(
  `ledger entries: ${counts?.entries.toLocaleString("en")}, ranking rows: ${counts?.ranked.toLocaleString("en")}, open offers: ${offers.length.toLocaleString("en")}`,
);

async function explain(label: string, query: SQL) {
  const rows = await queryRows<{ "QUERY PLAN": string }>(
    db,
    sql`explain (analyze, buffers) ${query}`,
  );
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${label}`);
  for (const r of rows) console.log(`  ${r["QUERY PLAN"]}`);
}
const me = clients[0]?.id ?? "";
await explain("ranking first page (week)", rankingPageSql("week", me, 0, RANKING.pageSize + 1));
await explain("ranking first page (all time)", rankingPageSql("all", me, 0, RANKING.pageSize + 1));
await explain("marketplace first page (price)", openOffersSql("price_asc", 0, 21));
await explain("marketplace first page (newest)", openOffersSql("newest", 0, 21));

const cookie = (n: number) => sessionCookie(SECRET, `market-token-${n}`);
const clientOf = (i: number) => clients[i] as { id: string; username: string; n: number };

const server = await startServer({ BETTER_AUTH_SECRET: SECRET });
const rows: Row[] = [];
try {
  /** Each connection is one signed-in member (its own cookie and address). */
  const perMember = (
    method: "GET" | "POST",
    path: (i: number) => string,
    body?: (i: number) => object,
    amount?: number,
    varies?: boolean,
  ) =>
    perClient({
      clients: CLIENTS,
      cookieOf: (i) => cookie(clientOf(i).n),
      method,
      path,
      body,
      amount,
      varies,
    });
  for (const path of ["/api/ranking", "/api/marketplace/offers?sort=price_asc"]) {
    const probe = await fetch(`${BASE}${path}`, { headers: { origin: BASE, cookie: cookie(1) } });
    if (!probe.ok) throw new Error(`${path} failed before the run: ${probe.status}`);
  }
  rows.push(
    await load("GET /api/health (reference)", {
      connections: CLIENTS,
      // autocannon asks for BASE itself ("/") unless a request names a path.
      requests: [{ method: "GET", path: "/api/health" }],
    }),
  );
  rows.push(
    await load(
      "GET /api/ranking (week, first page)",
      perMember("GET", () => "/api/ranking"),
    ),
  );
  rows.push(
    await load(
      "GET /api/ranking?period=all (first page)",
      perMember("GET", () => "/api/ranking?period=all"),
    ),
  );
  rows.push(
    await load(
      "GET /api/marketplace/offers (price, first page)",
      perMember("GET", () => "/api/marketplace/offers?sort=price_asc"),
    ),
  );
  rows.push(
    await load(
      "GET /api/marketplace/offers (newest, first page)",
      perMember("GET", () => "/api/marketplace/offers?sort=newest"),
    ),
  );
  rows.push(
    await load(
      "POST /api/transfers (100 views)",
      perMember(
        "POST",
        () => "/api/transfers",
        (i) => ({
          recipient: clientOf((i + 1) % CLIENTS).username,
          transferType: "VIEWS",
          amount: "100",
        }),
      ),
    ),
  );
  let o = 0;
  rows.push(
    await load(
      `POST /api/marketplace/offers/:id/buy (${offers.length.toLocaleString("en")} offers)`,
      perMember(
        "POST",
        () => `/api/marketplace/offers/${offers[o++ % offers.length]}/buy`,
        undefined,
        offers.length,
        true,
      ),
    ),
  );
} finally {
  await stopServer(server);
}
const byName = (prefix: string) => rows.find((r) => r.name.startsWith(prefix)) as Row;
const pages = rows.filter(
  (r) => r.name.startsWith("GET /api/ranking") || r.name.startsWith("GET /api/market"),
);
const purchases = byName("POST /api/marketplace");
const transfers = byName("POST /api/transfers");
const [sold] = await queryRows<{ n: number }>(
  db,
  sql`select count(*)::int as n from market_offers where status = 'SOLD'`,
);
printTable(rows, [
  `\n${MEMBERS.toLocaleString("en")} members, ${counts?.entries.toLocaleString("en")} ledger entries, ${CLIENTS} clients`,
  `page p99s: ${pages.map((r) => `${r.name} ${r.p99} ms`).join("; ")} (goal < 20 ms)`,
  `purchases/s = ${purchases.rps} (${sold?.n} offers sold) beside transfers/s = ${transfers.rps}: ${Math.round((purchases.rps / Math.max(1, transfers.rps)) * 100)} % (goal ≥ 100 %)`,
]);
const report = await verifyLedger(db);
console.log(
  report.ok
    ? "ledger:verify OK after the run"
    : `ledger:verify FAILED: ${report.problems.join("; ")}`,
);
if (!report.ok) process.exitCode = 1;
await exec("drop table bench_members");
await database.close();
