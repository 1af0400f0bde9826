import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, queryRows } from "../src/db/client";
import { readFunctionFiles, runMigrations } from "../src/db/migrate";
import { createPgliteDatabase } from "./database";
import {
  CATALOGUE_QUERY,
  checkHashBookkeeping,
  definitionsInFiles,
  migrationsDefiningFunctions,
} from "./functions";

describe("the database functions' files (ADR 042)", () => {
  it("define every function exactly once, with CREATE OR REPLACE", () => {
    const twice = [...definitionsInFiles()].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
    for (const { file, sql: text } of readFunctionFiles()) {
      expect(text, `${file}: a plain CREATE FUNCTION fails when applied again`).not.toMatch(
        /\bcreate\s+function\b/i,
      );
    }
  });

  it("are the only place a function is defined: no migration after ADR 042 creates one", () => {
    expect(migrationsDefiningFunctions()).toEqual([]);
  });
});

describe("the database functions on PGlite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createPgliteDatabase();
  });
  afterAll(() => database.close());
  const rows = <T>(query: string) => queryRows<T>(database.db, sql.raw(query));

  it("are exactly the functions the files define (none missing, none extra, no overload)", async () => {
    const inDatabase = await rows<{ name: string }>(CATALOGUE_QUERY);
    expect(inDatabase.map((r) => r.name).sort()).toEqual([...definitionsInFiles().keys()].sort());
  });

  it("apply a changed file again and skip the unchanged ones (sha256 bookkeeping)", async () => {
    await checkHashBookkeeping(
      (folder) => runMigrations(database, { functionsFolder: folder }),
      rows,
    );
  });
});
