#!/usr/bin/env node
// npm run bench — benchmarks against PostgreSQL: BENCH_DATABASE_URL, or a fresh database created
// on the PostgreSQL at 127.0.0.1:5432 (start one as .ci/run does). Each bench prints its table.
//   npm run bench                 all benches
//   npm run bench -- money auth   only those
//   npm run bench -- statements   statements and CPU per money request (ADR 079; superuser, PG log)
import { spawnSync } from "node:child_process";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const all = ["auth", "money", "feed", "events", "market", "heartbeats"];
// Run only when named: statements per money request from PostgreSQL's log (ADR 079).
const optIn = ["statements"];
const wanted = process.argv.slice(2).filter((a) => all.includes(a) || optIn.includes(a));
const benches = wanted.length ? wanted : all;

let url = process.env.BENCH_DATABASE_URL;
let dropAfter;
if (!url) {
  const admin = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `vv_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (error) {
    console.error(
      `No PostgreSQL at ${admin} (${error.message}). Set BENCH_DATABASE_URL, or start one as .ci/run does.`,
    );
    process.exit(1);
  }
  await client.query(`create database ${name}`);
  await client.end();
  const u = new URL(admin);
  u.pathname = `/${name}`;
  url = u.toString();
  dropAfter = { admin, name };
}

let failed = false;
try {
  for (const bench of benches) {
    console.log(`\n=== bench: ${bench} ===`);
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(root, `bench/${bench}.bench.ts`)],
      {
        cwd: root,
        stdio: "inherit",
        env: { ...process.env, BENCH_DATABASE_URL: url },
      },
    );
    if (r.status !== 0) failed = true;
  }
} finally {
  if (dropAfter) {
    const client = new pg.Client({ connectionString: dropAfter.admin });
    await client.connect();
    await client.query(`drop database if exists ${dropAfter.name} with (force)`);
    await client.end();
  }
}
process.exit(failed ? 1 : 0);
