import type autocannon from "autocannon";
// Signed-in HTTP transfers and swaps at 32 concurrent clients, and pgbench's TPC-B on the same
// PostgreSQL with the same client count. Goal: transfers/s ≥ 50 % of pgbench tps, p99 < 50 ms.
import { createAccount } from "../apps/server/src/modules/auth/create-account";
import { fund } from "../apps/server/test/factories";
import {
  BASE,
  ipFor,
  load,
  migratedDatabase,
  pgbenchTps,
  printTable,
  signInCookie,
  startServer,
  stopServer,
} from "./harness";

const CLIENTS = 32;
const database = await migratedDatabase();
const members: Array<{ username: string; email: string; password: string; id: string }> = [];
for (let i = 0; i < CLIENTS * 2; i++) {
  const user = {
    username: `bench${i}`,
    email: `bench${i}@bench.test`,
    password: "bench-password-1",
  };
  const { profile } = await createAccount(database.db, { ...user, role: "member" });
  await fund(database.db, profile.id, { views: 100_000_000n, usdt: 100_000_000_000n });
  members.push({ ...user, id: profile.id });
}
await database.close();

const server = await startServer();
try {
  const cookies = await Promise.all(
    members.slice(0, CLIENTS).map((m, i) => signInCookie(m.email, m.password, ipFor(i))),
  );
  const probe = await fetch(`${BASE}/api/transfers`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: BASE,
      cookie: cookies[0] as string,
      "x-forwarded-for": ipFor(0),
    },
    body: JSON.stringify({
      recipient: members[CLIENTS]?.username,
      transferType: "VIEWS",
      amount: "100",
    }),
  });
  if (!probe.ok)
    throw new Error(`a transfer failed before the run: ${probe.status} ${await probe.text()}`);
  let next = 0;
  /** Each connection is one signed-in member (its own cookie and address). */
  const perClient = (body: (i: number) => object, path: string) => ({
    connections: CLIENTS,
    requests: [
      {
        method: "POST" as const,
        path,
        setupRequest(req: autocannon.Request, context: { i?: number }) {
          context.i ??= next++ % CLIENTS;
          const i = context.i;
          return {
            ...req,
            headers: {
              "content-type": "application/json",
              origin: BASE,
              cookie: cookies[i] as string,
              "x-forwarded-for": ipFor(i),
            },
            body: JSON.stringify(body(i)),
          };
        },
      },
    ],
  });
  next = 0;
  const balances = await load("GET /api/balances (signed in)", {
    connections: CLIENTS,
    requests: [
      {
        method: "GET" as const,
        path: "/api/balances",
        setupRequest(req: autocannon.Request, context: { i?: number }) {
          context.i ??= next++ % CLIENTS;
          return {
            ...req,
            headers: { cookie: cookies[context.i] as string, "x-forwarded-for": ipFor(context.i) },
          };
        },
      },
    ],
  });
  next = 0;
  const health = await load("GET /api/health", { connections: CLIENTS });
  next = 0;
  const transfers = await load(
    "POST /api/transfers (100 views)",
    perClient(
      (i) => ({ recipient: members[CLIENTS + i]?.username, transferType: "VIEWS", amount: "100" }),
      "/api/transfers",
    ),
  );
  next = 0;
  const swaps = await load(
    "POST /api/swaps (10 views → USDT)",
    perClient(() => ({ direction: "VIEWS_TO_USDT", amount: "10" }), "/api/swaps"),
  );
  await stopServer(server);
  const tps = await pgbenchTps(CLIENTS, 50);
  printTable(
    [
      health,
      balances,
      transfers,
      swaps,
      {
        name: `pgbench TPC-B (scale 50, ${CLIENTS} clients)`,
        rps: Math.round(tps),
        p50: 0,
        p99: 0,
        non2xx: 0,
        errors: 0,
      },
    ],
    [
      `\ntransfers/s ÷ pgbench tps = ${((transfers.rps / tps) * 100).toFixed(0)} % (goal ≥ 50 %); transfer p99 ${transfers.p99} ms (goal < 50 ms)`,
    ],
  );
  const { openPostgres } = await import("../apps/server/src/db/client");
  const { verifyLedger } = await import("../apps/server/src/modules/ledger/verify-ledger");
  const check = openPostgres(process.env.BENCH_DATABASE_URL as string, 2);
  const report = await verifyLedger(check.db);
  await check.close();
  console.log(
    report.ok
      ? "ledger:verify OK after the run"
      : `ledger:verify FAILED: ${report.problems.join("; ")}`,
  );
  if (!report.ok) process.exitCode = 1;
} finally {
  if (server.exitCode === null) await stopServer(server);
}
