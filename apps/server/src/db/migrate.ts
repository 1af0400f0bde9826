import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type pg from "pg";
import { type Database, openDatabase } from "./client";

/** Any fixed 64-bit number: the advisory lock that serialises migrations across instances. */
export const MIGRATION_LOCK_KEY = 7_384_192_001;

/** The folder next to this file in the source tree, or next to the bundle (build.mjs copies both). */
function folderNextToCode(name: string): string {
  for (const candidate of [`./${name}`, `./db/${name}`]) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error(`${name} folder not found next to the server code`);
}

/** Migrations sit next to this file in the source tree and are copied next to the bundle. */
export function migrationsFolder(): string {
  return folderNextToCode("migrations");
}

/** The database functions' one current definition each (ADR 042), located like the migrations. */
export function functionsFolder(): string {
  return folderNextToCode("functions");
}

export interface FunctionFile {
  /** The file's name, its key in vv_function_files. */
  file: string;
  sql: string;
  sha256: string;
}

/**
 * Every `*.sql` file of the functions folder, in the order they are applied: by name, compared
 * code unit by code unit (so `00-common.sql` < `01-ledger.sql` < `accounts.sql`), never by locale.
 */
export function readFunctionFiles(folder = functionsFolder()): FunctionFile[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".sql"))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((file) => {
      const sql = readFileSync(path.join(folder, file), "utf8");
      return { file, sql, sha256: createHash("sha256").update(sql).digest("hex") };
    });
}

/** One connection's way to run SQL: several statements at once, or one with parameters. */
interface Runner {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string, params?: unknown[]): Promise<T[]>;
  transaction(work: (tx: Runner) => Promise<void>): Promise<void>;
}

function pgRunner(client: pg.PoolClient): Runner {
  const runner: Runner = {
    exec: async (sql) => {
      await client.query(sql); // no parameters: the simple protocol, several statements allowed
    },
    rows: async <T>(sql: string, params?: unknown[]) =>
      (await client.query(sql, params)).rows as T[],
    transaction: async (work) => {
      await client.query("begin");
      try {
        await work(runner);
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw error;
      }
    },
  };
  return runner;
}

function pgliteRunner(client: PGlite | Transaction): Runner {
  return {
    exec: async (sql) => {
      await client.exec(sql);
    },
    rows: async <T>(sql: string, params?: unknown[]) => (await client.query<T>(sql, params)).rows,
    transaction: async (work) => {
      if (!("transaction" in client)) throw new Error("nested transaction");
      await client.transaction((tx) => work(pgliteRunner(tx)));
    },
  };
}

/**
 * Applies every function file whose sha256 differs from the one recorded in vv_function_files
 * (ADR 042): each in its own transaction together with its hash row, in readFunctionFiles' order.
 * Runs under the migration lock, after the migrations. Returns the files applied.
 */
async function applyFunctionFiles(runner: Runner, files: FunctionFile[]): Promise<string[]> {
  await runner.exec(
    `create table if not exists vv_function_files (
       file text primary key, sha256 text not null, applied_at timestamptz not null default now())`,
  );
  const recorded = new Map(
    (
      await runner.rows<{ file: string; sha256: string }>(
        "select file, sha256 from vv_function_files",
      )
    ).map((row) => [row.file, row.sha256]),
  );
  const applied: string[] = [];
  for (const { file, sql, sha256 } of files) {
    if (recorded.get(file) === sha256) continue;
    try {
      await runner.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.rows(
          `insert into vv_function_files (file, sha256, applied_at) values ($1, $2, now())
           on conflict (file) do update set sha256 = excluded.sha256, applied_at = excluded.applied_at`,
          [file, sha256],
        );
      });
    } catch (error) {
      throw new Error(`database functions: ${file} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    applied.push(file);
  }
  return applied;
}

/** What a run did: the function files applied (the others were unchanged). */
export interface MigrationRun {
  functionFiles: string[];
}

/**
 * Applies pending migrations, then the changed database-function files (ADR 042). On PostgreSQL
 * the work runs on one dedicated connection that holds an advisory lock, so instances starting
 * together apply each migration and each function file exactly once; PGlite takes the same lock.
 */
export async function runMigrations(
  database: Database,
  options: { functionsFolder?: string } = {},
): Promise<MigrationRun> {
  const folder = migrationsFolder();
  const files = readFunctionFiles(options.functionsFolder);
  if (database.kind === "pglite" && database.pglite) {
    const client = database.pglite;
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: folder });
      return { functionFiles: await applyFunctionFiles(pgliteRunner(client), files) };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  }
  if (!database.pool) throw new Error("PostgreSQL pool missing");
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
      return { functionFiles: await applyFunctionFiles(pgRunner(client), files) };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

/** Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and migrates it. */
export async function openMigratedDatabase(
  env: { DATABASE_URL?: string | undefined; DATA_DIR: string; DB_POOL_MAX: number },
  poolMax = env.DB_POOL_MAX,
): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolMax,
  });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
