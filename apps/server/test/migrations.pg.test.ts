import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openPostgres } from "../src/db/client";
import { migrationsFolder, readFunctionFiles, runMigrations } from "../src/db/migrate";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "./database";

describe.skipIf(!pgUrl)(
  `migrations on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`,
  () => {
    it("apply once when several instances start together (advisory lock)", async () => {
      const fresh = await createPostgresDatabase(4);
      try {
        // Drop what createPostgresDatabase applied, then race four instances on an empty schema.
        await fresh.pool?.query(
          "drop schema public cascade; create schema public; drop schema if exists drizzle cascade",
        );
        const instances = Array.from({ length: 4 }, () => openPostgres(fresh.url, 2));
        const runs = await Promise.all(instances.map((db) => runMigrations(db)));
        const applied = await fresh.pool?.query(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        const journal = JSON.parse(
          readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8"),
        );
        const files = journal.entries.length;
        expect(applied?.rows[0].n).toBe(files);
        // The database functions' files (ADR 042): each applied by exactly one instance.
        const functionFiles = readFunctionFiles().map((f) => f.file);
        expect(runs.flatMap((run) => run.functionFiles).sort()).toEqual(functionFiles);
        const recorded = await fresh.pool?.query(
          "select file from vv_function_files order by file",
        );
        expect(recorded?.rows.map((r) => r.file)).toEqual(functionFiles);
        await Promise.all(instances.map((db) => db.close()));
      } finally {
        await fresh.close();
      }
    });
  },
);
