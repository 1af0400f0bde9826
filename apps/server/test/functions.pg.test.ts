import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openPostgres, queryRows } from "../src/db/client";
import { runMigrations } from "../src/db/migrate";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "./database";
import { CATALOGUE_QUERY, checkHashBookkeeping, legacyMigrationsFolder } from "./functions";

interface Entry {
  name: string;
  args: string;
  def: string;
}

/** An empty database next to TEST_DATABASE_URL's; `drop()` removes it. */
async function emptyDatabase() {
  const name = `vv_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgUrl ?? "");
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 2);
  return {
    database,
    drop: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: pgUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

describe.skipIf(!pgUrl)(
  `database functions on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`,
  () => {
    it("a database deployed before ADR 042, upgraded, has the catalogue of a fresh one", async () => {
      const deployed = await emptyDatabase();
      const fresh = await createPostgresDatabase(2);
      try {
        const pool = deployed.database.pool as pg.Pool;
        // What a deployed database has: the legacy migrations only (no function step).
        await migrate(drizzle(pool), { migrationsFolder: legacyMigrationsFolder() });
        const before = (await pool.query<Entry>(CATALOGUE_QUERY)).rows;
        const run = await runMigrations(deployed.database);
        expect(run.functionFiles.length).toBeGreaterThan(0);
        const upgraded = (await pool.query<Entry>(CATALOGUE_QUERY)).rows;
        const freshRows = (await (fresh.pool as pg.Pool).query<Entry>(CATALOGUE_QUERY)).rows;
        expect(upgraded).toEqual(freshRows);
        // No function was lost or renamed on the way (one whose arguments changed was dropped by
        // its migration and re-created by its file, under the same name).
        const names = new Set(upgraded.map((r) => r.name));
        expect(before.map((r) => r.name).filter((name) => !names.has(name))).toEqual([]);
      } finally {
        await deployed.drop();
        await fresh.close();
      }
    });

    it("apply a changed file again and skip the unchanged ones (sha256 bookkeeping)", async () => {
      const database = await createPostgresDatabase(2);
      try {
        await checkHashBookkeeping(
          (folder) => runMigrations(database, { functionsFolder: folder }),
          (query) => queryRows(database.db, sql.raw(query)),
        );
      } finally {
        await database.close();
      }
    });
  },
);
