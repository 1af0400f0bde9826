// npm run db:restore-drill — a backup that is restored, not just taken (ADR 049): the HA cluster
// of deploy/ha.ts with WAL archiving to a pgBackRest repository (Debian's `pgbackrest`), a full
// backup, members funded before and after a recovery target time T, then a point-in-time restore
// into a scratch data directory, PostgreSQL started on it, the app started against it
// (/api/health) and `ledger:verify` run on it. Fails unless exactly what was committed before T is
// there. Prints the backup and restore times (RTO) and the recovery point. `npm run build` first.
// DRILL_MEMBERS=100000 adds that many members before the backup (the bench's size).
// Everything in a temporary folder, removed on exit (logs kept on a failure). Bounded: 240 s.
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { chownSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPostgres } from "../apps/server/src/db/client";
import { runMigrations } from "../apps/server/src/db/migrate";
import { fund } from "../apps/server/test/factories";
import { freePort, startCluster } from "./cluster";
import { createDatabase, type HaCluster, postgresOwner, startHa } from "./ha";

const root = path.resolve(import.meta.dirname, "..");
const started = performance.now();
const DB = "viewvault_drill";
const STANZA = "viewvault";
const PER_PHASE = 20;
/** Extra members in the database before the backup (the bench's size: DRILL_MEMBERS=100000). */
const MEMBERS = Number(process.env.DRILL_MEMBERS ?? 0);
const owner = postgresOwner();
const problems: string[] = [];
const fail = (m: string) => {
  problems.push(m);
  console.error(`VIOLATION: ${m}`);
};
const log = (m: string) =>
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s: ${m}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const own = (p: string) => owner && chownSync(p, owner.uid, owner.gid);

let ha: HaCluster | undefined;
let scratch: { dataDir: string; bin: string } | undefined;

function asPostgres(
  command: string,
  args: string[],
  timeoutMs = 120_000,
): SpawnSyncReturns<string> {
  const r = spawnSync(command, args, {
    encoding: "utf8",
    timeout: timeoutMs,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LANG: "C.UTF-8" },
    ...(owner ?? {}),
  });
  if (r.status !== 0)
    throw new Error(
      `${command} ${args.join(" ")} failed (${r.status ?? r.signal}): ${r.stderr}${r.stdout}`,
    );
  return r;
}

const configOf = (dir: string) => path.join(dir, "pgbackrest.conf");

/** The label of the newest backup in the repository (`pgbackrest info`). */
function backupLabel(dir: string): string {
  const info = JSON.parse(
    asPostgres("pgbackrest", [
      `--config=${configOf(dir)}`,
      `--stanza=${STANZA}`,
      "--output=json",
      "info",
    ]).stdout,
  ) as { backup: { label: string }[] }[];
  const label = info[0]?.backup.at(-1)?.label;
  if (!label) throw new Error("no backup in the repository");
  return label;
}

async function phase(db: pg.Pool, name: string): Promise<string[]> {
  await db.query(`insert into users (id, name, email, email_verified, username, display_username)
     select '${name}' || g, '${name}' || g, '${name}' || g || '@drill.test', true, '${name}' || g, '${name}' || g
     from generate_series(1, ${PER_PHASE}) g`);
  const { rows } = await db.query<{ id: string }>(
    `select p.id from profiles p join users u on u.id = p.auth_uid where u.email like '${name}%@drill.test'`,
  );
  const database = openPostgres(ha?.primaryUrl(DB) ?? "", 2);
  for (const r of rows) await fund(database.db, r.id, { views: 1_000n });
  await database.close();
  return rows.map((r) => r.id);
}

async function main(): Promise<void> {
  const bin = spawnSync("sh", ["-c", "command -v pgbackrest"], { encoding: "utf8" }).stdout.trim();
  if (!bin) throw new Error("pgbackrest not found: apt-get install -y pgbackrest");
  ha = await startHa({
    output: "quiet",
    archiveCommand: (dir) => {
      for (const sub of ["backup", "pgbackrest-log", "pgbackrest-lock"]) {
        mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o750 });
        own(path.join(dir, sub));
      }
      writeFileSync(
        configOf(dir),
        `[global]
repo1-path=${dir}/backup
repo1-retention-full=2
log-path=${dir}/pgbackrest-log
lock-path=${dir}/pgbackrest-lock
log-level-console=warn
log-level-file=info
compress-level=1
start-fast=y

[${STANZA}]
pg1-path=${dir}/pg1/data
`,
      );
      own(configOf(dir));
      // Run by the primary in its data directory: $PWD is that member's, whichever leads.
      return `pgbackrest --config=${configOf(dir)} --stanza=${STANZA} --pg1-path="$PWD" archive-push "%p"`;
    },
  });
  const cluster = ha;
  const leaderName = (await cluster.state()).find((m) => m.role === "leader")?.name;
  const leader = cluster.members.find((m) => m.name === leaderName);
  if (!leader) throw new Error("no leader");
  const pgArgs = [
    `--config=${configOf(cluster.dir)}`,
    `--stanza=${STANZA}`,
    `--pg1-path=${leader.dataDir}`,
    `--pg1-port=${leader.pgPort}`,
    `--pg1-socket-path=${path.dirname(leader.dataDir)}`,
  ];
  log(`HA cluster up with WAL archiving; primary ${leader.name}`);
  await createDatabase(cluster, DB);
  const database = openPostgres(cluster.primaryUrl(DB), 2);
  await runMigrations(database);
  await database.close();
  const pool = new pg.Pool({ connectionString: cluster.primaryUrl(DB), max: 2 });
  try {
    if (MEMBERS > 0) {
      const t0 = performance.now();
      await pool.query(`insert into users (id, name, email, email_verified, username, display_username)
        select 'm' || g, 'm' || g, 'm' || g || '@members.test', true, 'm' || g, 'm' || g
        from generate_series(1, ${MEMBERS}) g`);
      log(
        `${MEMBERS} members (users, profiles, accounts) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      );
    }
    const before = await phase(pool, "a");
    asPostgres("pgbackrest", [...pgArgs, "stanza-create"]);
    const backupStart = performance.now();
    asPostgres("pgbackrest", [...pgArgs, "--type=full", "backup"], 180_000);
    const backupMs = performance.now() - backupStart;
    const { rows: size } = await pool.query<{ s: string }>(
      "select pg_size_pretty(pg_database_size(current_database())) as s",
    );
    log(`full backup in ${(backupMs / 1000).toFixed(1)} s (database ${size[0]?.s})`);
    const afterBackup = await phase(pool, "b");
    const { rows: t } = await pool.query<{ t: string }>("select now()::text as t");
    const target = t[0]?.t as string;
    await sleep(1_500);
    const afterTarget = await phase(pool, "c");
    // Ship the WAL holding phase c (so recovery sees the first commit after T) and check the archive.
    asPostgres("pgbackrest", [...pgArgs, "check"], 120_000);
    log(
      `target T = ${target}: ${before.length + afterBackup.length} members funded before it, ${afterTarget.length} after`,
    );

    // Restore into a scratch directory, to T, and start PostgreSQL on it.
    const dataDir = path.join(cluster.dir, "restore", "data");
    mkdirSync(path.dirname(dataDir), { recursive: true });
    own(path.dirname(dataDir));
    const restoreStart = performance.now();
    asPostgres(
      "pgbackrest",
      [
        `--config=${configOf(cluster.dir)}`,
        `--stanza=${STANZA}`,
        `--pg1-path=${dataDir}`,
        // The backup taken above (pgBackRest would pick the newest one before T itself).
        `--set=${backupLabel(cluster.dir)}`,
        "--type=time",
        `--target=${target}`,
        "--target-action=promote",
        "restore",
      ],
      180_000,
    );
    const restoreMs = performance.now() - restoreStart;
    const port = await freePort();
    const binDir = spawnSync("sh", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1"], {
      encoding: "utf8",
    }).stdout.trim();
    scratch = { dataDir, bin: binDir };
    const startStart = performance.now();
    asPostgres(
      path.join(binDir, "pg_ctl"),
      [
        "-D",
        dataDir,
        "-l",
        path.join(cluster.dir, "restore", "postgres.log"),
        "-w",
        "-t",
        "120",
        "-o",
        `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${path.dirname(dataDir)} -c hba_file=${dataDir}/pg_hba.conf -c ident_file=${dataDir}/pg_ident.conf -c archive_mode=off -c synchronous_standby_names='' -c cluster_name=restore-drill`,
        "start",
      ],
      150_000,
    );
    const url = `postgres://postgres@127.0.0.1:${port}/${DB}`;
    const restored = new pg.Client({ connectionString: url });
    for (let i = 0; i < 240; i++) {
      try {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        const r = await c.query<{ rec: boolean }>("select pg_is_in_recovery() as rec");
        await c.end();
        if (r.rows[0]?.rec === false) break;
      } catch {
        // still starting
      }
      await sleep(250);
    }
    const readyMs = performance.now() - startStart;
    await restored.connect();
    const present = async (ids: string[]) =>
      (
        await restored.query<{ n: number }>(
          "select count(*)::int as n from ledger_accounts where profile_id = any($1) and currency = 'VIEWS' and balance = 1000",
          [ids],
        )
      ).rows[0]?.n ?? 0;
    const nBefore = await present([...before, ...afterBackup]);
    const nAfter = (
      await restored.query<{ n: number }>(
        "select count(*)::int as n from users where email like 'c%@drill.test'",
      )
    ).rows[0]?.n;
    const { rows: last } = await restored.query<{ t: string | null }>(
      "select max(created_at)::text as t from ledger_transactions",
    );
    await restored.end();
    if (nBefore !== before.length + afterBackup.length)
      fail(`${nBefore} of ${before.length + afterBackup.length} members funded before T restored`);
    if (nAfter !== 0) fail(`${nAfter} members created after T are in the restore`);

    const verify = spawnSync("npm", ["run", "--silent", "ledger:verify"], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, DATABASE_URL: url },
      timeout: 60_000,
    });
    if (verify.status !== 0)
      fail(`ledger:verify failed on the restore: ${verify.stdout}${verify.stderr}`);
    const app = await startCluster({ databaseUrl: url, instances: 1, output: "quiet" });
    const health = await fetch(`${app.url}/api/health`);
    if (!health.ok) fail(`the app on the restore answers ${health.status}`);
    await app.stop();

    console.log(`
== restore drill (${asPostgres("pgbackrest", ["version"]).stdout.trim()}) ==
full backup: ${(backupMs / 1000).toFixed(1)} s for a ${size[0]?.s} database (+ the cluster's template databases)
point-in-time restore to T: ${(restoreMs / 1000).toFixed(1)} s; PostgreSQL replayed the WAL and was promoted ${(readyMs / 1000).toFixed(1)} s later
RTO measured: ${((restoreMs + readyMs) / 1000).toFixed(1)} s from "restore" to a writable database
recovery point: T = ${target}; last ledger transaction restored ${last[0]?.t}; ${nBefore} members funded before T present, after T: ${nAfter} of ${afterTarget.length} present
RPO for a lost cluster: what the archive holds — at most archive_timeout (30 s) of commits; 0 for a failover (synchronous standby)
ledger:verify on the restore: ${verify.status === 0 ? "OK" : "FAILED"}; the app on it: /api/health ${health.status}
violations: ${problems.length}
total time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await pool.end().catch(() => {});
  }
}

async function cleanup(): Promise<void> {
  if (scratch)
    spawnSync(
      path.join(scratch.bin, "pg_ctl"),
      ["-D", scratch.dataDir, "-m", "immediate", "stop"],
      {
        timeout: 30_000,
        ...(owner ?? {}),
      },
    );
  await ha?.stop().catch((e) => console.error(e));
}

const watchdog = setTimeout(() => {
  console.error("restore drill: over its 240 s budget; stopping");
  problems.push("timeout");
  process.env.CLUSTER_KEEP_LOGS = "1";
  void cleanup().finally(() => process.exit(2));
}, 240_000);
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(1));
  });

try {
  await main();
} catch (error) {
  problems.push(String(error));
  console.error(error);
} finally {
  clearTimeout(watchdog);
  if (problems.length > 0) {
    process.env.CLUSTER_KEEP_LOGS = "1";
    if (ha) console.error(`logs kept in ${ha.dir}`);
  }
  await cleanup();
}
process.exit(problems.length === 0 ? 0 : 1);
