import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import {
  checkDeclarations,
  collectDeclarations,
  type Query,
  WRONG_DECLARATIONS,
} from "./command-signatures";
import { createPgliteDatabase } from "./database";

// The same check as command-signatures.pg.test.ts on PGlite (its pg_proc is PostgreSQL's), so it
// runs with every `npm test`, with or without a PostgreSQL server.
describe("database function declarations against pg_proc on PGlite", () => {
  let database: Database;
  let query: Query;
  beforeAll(async () => {
    database = await createPgliteDatabase();
    const client = database.pglite;
    if (!client) throw new Error("no PGlite");
    query = async <T>(text: string, values: unknown[]) =>
      (await client.query<T>(text, values)).rows;
  });
  afterAll(() => database?.close());

  it("every declaration matches its function: name, arguments in order, result", async () => {
    const { declared, inSource, undeclared } = await collectDeclarations();
    expect(undeclared).toEqual([]);
    expect(declared.map((d) => d.fn).sort()).toEqual([...inSource].sort());
    expect(await checkDeclarations(query, declared)).toEqual([]);
  });

  it.each(WRONG_DECLARATIONS)("fails on a wrong declaration of $declaration.fn", async (wrong) => {
    const problems = await checkDeclarations(query, [wrong.declaration]);
    expect(problems.join("\n")).toContain(wrong.problem);
  });
});
