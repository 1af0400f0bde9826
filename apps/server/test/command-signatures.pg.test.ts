import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkDeclarations,
  collectDeclarations,
  type Query,
  WRONG_DECLARATIONS,
} from "./command-signatures";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "./database";

describe.skipIf(!pgUrl)(
  `database function declarations against pg_proc on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`,
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
    let query: Query;
    beforeAll(async () => {
      database = await createPostgresDatabase(2);
      const pool = database.pool;
      if (!pool) throw new Error("no pool");
      query = async <T>(text: string, values: unknown[]) =>
        (await pool.query(text, values)).rows as T[];
    });
    afterAll(() => database?.close());

    it("every declaration in the source is registered, and every function call is declared", async () => {
      const { declared, inSource, undeclared } = await collectDeclarations();
      expect(undeclared).toEqual([]);
      expect(inSource.length).toBeGreaterThanOrEqual(20);
      expect(declared.map((d) => d.fn).sort()).toEqual([...inSource].sort());
    });

    it("every declaration matches its function: name, arguments in order, result", async () => {
      const { declared } = await collectDeclarations();
      expect(await checkDeclarations(query, declared)).toEqual([]);
    });

    it.each(WRONG_DECLARATIONS)(
      "fails on a wrong declaration of $declaration.fn",
      async (wrong) => {
        const problems = await checkDeclarations(query, [wrong.declaration]);
        expect(problems.length).toBeGreaterThan(0);
        expect(problems.join("\n")).toContain(wrong.problem);
      },
    );
  },
);
