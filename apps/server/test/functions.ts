import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { functionsFolder, migrationsFolder, readFunctionFiles } from "../src/db/migrate";

/**
 * The migrations written before ADR 042 that define functions. They keep their copies (deployed
 * databases checked their hashes), now stale history; no later migration may define a function.
 */
const LEGACY_FUNCTION_MIGRATIONS = [
  "0002_create_profile_trigger.sql",
  "0004_ledger_accounts_and_guards.sql",
  "0005_ledger_post.sql",
  "0010_money_commands.sql",
  "0012_mystery_box_functions.sql",
  "0014_admin_console_functions.sql",
  "0016_events_functions.sql",
  "0018_market_ranking_data_rights_functions.sql",
  "0020_withdrawals_functions.sql",
  "0021_grant_bonus_command.sql",
  "0023_account_deletions_functions.sql",
  "0024_speed_second_pass.sql",
  "0026_verify_lock.sql",
  "0028_speed_third_pass.sql",
];

/** The last migration a database deployed before ADR 042 can have. */
const LAST_LEGACY_MIGRATION = "0029_box_openings_by_nonce";

const CREATES_FUNCTION = /\bcreate\s+(?:or\s+replace\s+)?function\s+(?:public\.)?"?(\w+)"?\s*\(/gi;

/** The names of the functions a SQL text creates, in order (with repeats). */
function functionsCreatedBy(sql: string): string[] {
  return [...sql.matchAll(CREATES_FUNCTION)].map((m) => (m[1] ?? "").toLowerCase());
}

/** Every function the files define: name → files that define it. */
export function definitionsInFiles(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { file, sql } of readFunctionFiles()) {
    for (const name of functionsCreatedBy(sql))
      byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return byName;
}

/** The migrations (file names) that create a function and are not in the legacy list. */
export function migrationsDefiningFunctions(): string[] {
  return readdirSync(migrationsFolder())
    .filter((f) => f.endsWith(".sql") && !LEGACY_FUNCTION_MIGRATIONS.includes(f))
    .filter(
      (f) => functionsCreatedBy(readFileSync(path.join(migrationsFolder(), f), "utf8")).length > 0,
    );
}

/** A copy of the migrations folder whose journal stops at the last legacy migration. */
export function legacyMigrationsFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vv-legacy-migrations-"));
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === LAST_LEGACY_MIGRATION);
  if (last < 0) throw new Error(`${LAST_LEGACY_MIGRATION} is not in the journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** A copy of the functions folder the hash bookkeeping tests may edit. */
function functionsFolderCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "vv-functions-"));
  cpSync(functionsFolder(), dir, { recursive: true });
  return dir;
}

/** The catalogue the tests compare: public functions, identity arguments and full definitions. */
export const CATALOGUE_QUERY = `select p.proname as name, pg_get_function_identity_arguments(p.oid) as args,
  pg_get_functiondef(p.oid) as def
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' order by 1, 2`;

type Rows = <T>(query: string) => Promise<T[]>;

const PROBE = `
CREATE OR REPLACE FUNCTION vv_function_files_probe() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN 42;
END;
$$;
`;

/**
 * The hash bookkeeping, on a migrated database: unchanged files are skipped, a changed file is
 * applied again (alone) with its new hash, and a failing file changes nothing and says which.
 */
export async function checkHashBookkeeping(
  migrate: (folder: string) => Promise<{ functionFiles: string[] }>,
  rows: Rows,
): Promise<void> {
  const folder = functionsFolderCopy();
  expect((await migrate(folder)).functionFiles).toEqual([]);
  const recorded = await rows<{ file: string; sha256: string }>(
    "select file, sha256 from vv_function_files order by file",
  );
  expect(recorded.map((r) => r.file)).toEqual(readFunctionFiles().map((f) => f.file));

  const swap = path.join(folder, "swap.sql");
  writeFileSync(swap, readFileSync(swap, "utf8") + PROBE);
  expect((await migrate(folder)).functionFiles).toEqual(["swap.sql"]);
  expect(await rows<{ n: number }>("select vv_function_files_probe() as n")).toEqual([{ n: 42 }]);
  const [after] = await rows<{ sha256: string }>(
    "select sha256 from vv_function_files where file = 'swap.sql'",
  );
  expect(after?.sha256).toBe(readFunctionFiles(folder).find((f) => f.file === "swap.sql")?.sha256);
  expect((await migrate(folder)).functionFiles).toEqual([]);

  // A file that fails leaves nothing behind: neither its functions nor its hash.
  const box = path.join(folder, "box.sql");
  const before = await rows<{ sha256: string }>(
    "select sha256 from vv_function_files where file = 'box.sql'",
  );
  writeFileSync(
    box,
    `${readFileSync(box, "utf8")}${PROBE.replaceAll("vv_function_files_probe", "vv_function_files_probe_2")}SELECT FROM;\n`,
  );
  await expect(migrate(folder)).rejects.toThrow(/box\.sql/);
  expect(
    await rows<{ sha256: string }>("select sha256 from vv_function_files where file = 'box.sql'"),
  ).toEqual(before);
  expect(await rows("select 1 from pg_proc where proname = 'vv_function_files_probe_2'")).toEqual(
    [],
  );
  await rows("drop function vv_function_files_probe()");
}
