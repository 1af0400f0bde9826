import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";

export const pgUrl = process.env.TEST_DATABASE_URL;
export const PG_SKIP_REASON = "needs real PostgreSQL: set TEST_DATABASE_URL";

/** A fresh, migrated in-memory PGlite database for one test file. */
export async function createPgliteDatabase(): Promise<Database> {
  const database = await openPglite();
  await runMigrations(database);
  return database;
}

/**
 * A fresh, migrated PostgreSQL database (created next to TEST_DATABASE_URL's) for one suite;
 * `close()` drops it.
 */
export async function createPostgresDatabase(poolMax = 40): Promise<Database & { url: string }> {
  if (!pgUrl) throw new Error(PG_SKIP_REASON);
  const name = `vv_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), poolMax);
  await runMigrations(database);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: pgUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
