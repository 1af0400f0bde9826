import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, openDatabase } from "./client";

/** Any fixed 64-bit number: the advisory lock that serialises migrations across instances. */
export const MIGRATION_LOCK_KEY = 7_384_192_001;

/** Migrations sit next to this file in the source tree and are copied next to the bundle. */
export function migrationsFolder(): string {
  for (const candidate of ["./migrations", "./db/migrations"]) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(dir)) return dir;
  }
  throw new Error("Migrations folder not found next to the server code");
}

/**
 * Applies pending migrations. On PostgreSQL the work runs on one dedicated connection that holds
 * an advisory lock, so instances starting together apply each migration exactly once.
 */
export async function runMigrations(database: Database): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "pglite" && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: folder });
    return;
  }
  if (!database.pool) throw new Error("PostgreSQL pool missing");
  const client = await database.pool.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client), { migrationsFolder: folder });
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
