import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { declaredCalls, type FunctionCall } from "../src/db/function-call";

/** Runs one query with values and returns its rows (PostgreSQL's pool or PGlite). */
export type Query = <T>(text: string, values: unknown[]) => Promise<T[]>;

/** A database function as pg_proc describes it: its input arguments in order, and its result. */
export interface ProcSignature {
  args: Array<{ name: string; type: string }>;
  returns: string;
}

/** What the check compares: a declaration's function, arguments by name in order, and result. */
export type Declaration = Pick<FunctionCall, "fn" | "params" | "returns">;

const SRC = fileURLToPath(new URL("../src/", import.meta.url));
const DECLARES = /\b(?:command|functionCall)\(\s*"(vv_\w+)"/g;
const UNDECLARED = /\bprepared\(\s*["`]select vv_|\bsql`\s*select vv_/;
/** Development seeds call money commands with their own fixed values; not the application. */
const SEEDS = `${path.sep}src${path.sep}seed${path.sep}`;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

/**
 * Every function declaration in the server's source: each file that declares one (`command(` or
 * `functionCall(` with a `vv_` name) is imported, so its declarations register, and the names
 * found in the source are returned with the registry for the caller to compare. Files that call
 * a function through a bare `prepared("select vv_…")` or ``sql`select vv_…` `` are returned
 * too: they must declare it (the development seeds aside).
 */
export async function collectDeclarations(): Promise<{
  declared: FunctionCall[];
  inSource: string[];
  undeclared: string[];
}> {
  const inSource: string[] = [];
  const undeclared: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    if (UNDECLARED.test(text) && !file.includes(SEEDS)) undeclared.push(path.relative(SRC, file));
    const names = [...text.matchAll(DECLARES)].map((match) => match[1] as string);
    if (!names.length) continue;
    inSource.push(...names);
    await import(pathToFileURL(file).href);
  }
  return { declared: [...declaredCalls], inSource, undeclared };
}

/** The functions named, as pg_proc has them (every overload), by name. */
export async function readSignatures(
  query: Query,
  names: string[],
): Promise<Map<string, ProcSignature[]>> {
  const rows = await query<{
    name: string;
    arg_names: string[];
    arg_types: string[];
    returns: string;
  }>(
    `select p.proname as name,
       array(select a.n from unnest(coalesce(p.proargnames, '{}'::text[]),
                                   coalesce(p.proargmodes::text[], '{}'::text[])) with ordinality as a(n, m, i)
             where coalesce(a.m, 'i') in ('i', 'b', 'v') order by a.i) as arg_names,
       array(select format_type(t.oid, null) from unnest(p.proargtypes::oid[]) with ordinality as t(oid, i)
             order by t.i) as arg_types,
       pg_get_function_result(p.oid) as returns
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = any($1::text[])`,
    [names],
  );
  const found = new Map<string, ProcSignature[]>();
  for (const row of rows) {
    const args = row.arg_types.map((type, i) => ({ name: row.arg_names[i] ?? "", type }));
    found.set(row.name, [...(found.get(row.name) ?? []), { args, returns: row.returns }]);
  }
  return found;
}

/** Each declared type as PostgreSQL spells it (`int` → `integer`, `timestamptz` → `timestamp with time zone`). */
export async function canonicalTypes(
  query: Query,
  declarations: Declaration[],
): Promise<Map<string, string>> {
  const types = [
    ...new Set(
      declarations.flatMap((d) => [
        ...Object.values(d.params).map((type) => type.replace(/\?$/, "")),
        d.returns,
      ]),
    ),
  ];
  const rows = await query<{ declared: string; canonical: string }>(
    "select t as declared, format_type(t::regtype, null) as canonical from unnest($1::text[]) as t",
    [types],
  );
  return new Map(rows.map((row) => [row.declared, row.canonical]));
}

function spelled(args: ProcSignature["args"]): string {
  return args.map((arg) => `${arg.name} ${arg.type}`).join(", ");
}

/**
 * How a declaration differs from its function in pg_proc, one message per difference, each
 * naming the function: missing, overloaded, argument count, an argument's name or type at its
 * position, the result type. Empty when they agree.
 */
export function signatureProblems(
  declaration: Declaration,
  found: ProcSignature[] | undefined,
  canonical: Map<string, string>,
): string[] {
  const { fn } = declaration;
  if (!found?.length) return [`${fn}: no such function in the migrated database`];
  if (found.length > 1) {
    return [
      `${fn}: ${found.length} functions by this name (${found.map((f) => `(${spelled(f.args)})`).join(" / ")})`,
    ];
  }
  const [actual] = found as [ProcSignature];
  const declared = Object.entries(declaration.params).map(([name, type]) => {
    const base = type.replace(/\?$/, "");
    return { name, type: canonical.get(base) ?? base };
  });
  const problems: string[] = [];
  if (declared.length !== actual.args.length) {
    problems.push(
      `${fn}: declares ${declared.length} arguments (${spelled(declared)}), the function takes ${actual.args.length} (${spelled(actual.args)})`,
    );
  }
  for (let i = 0; i < Math.min(declared.length, actual.args.length); i++) {
    const mine = declared[i] as { name: string; type: string };
    const theirs = actual.args[i] as { name: string; type: string };
    if (mine.name !== theirs.name || mine.type !== theirs.type) {
      problems.push(
        `${fn}: argument ${i + 1} is declared ${mine.name} ${mine.type}, the function has ${theirs.name} ${theirs.type}`,
      );
    }
  }
  const returns = canonical.get(declaration.returns) ?? declaration.returns;
  if (returns !== actual.returns) {
    problems.push(`${fn}: declared to return ${returns}, the function returns ${actual.returns}`);
  }
  return problems;
}

/** Every difference between these declarations and the database's functions. */
export async function checkDeclarations(
  query: Query,
  declarations: Declaration[],
): Promise<string[]> {
  const found = await readSignatures(
    query,
    declarations.map((d) => d.fn),
  );
  const canonical = await canonicalTypes(query, declarations);
  return declarations.flatMap((d) => signatureProblems(d, found.get(d.fn), canonical));
}

/**
 * Deliberately wrong declarations of real functions, each with the difference the check must
 * name: proof that the check fails when a declaration drifts from its function.
 */
export const WRONG_DECLARATIONS: Array<{ declaration: Declaration; problem: string }> = [
  {
    declaration: { fn: "vv_no_such_command", params: { p_member: "uuid" }, returns: "jsonb" },
    problem: "vv_no_such_command: no such function in the migrated database",
  },
  {
    // Two arguments swapped: the positional call would pass the amount as the currency.
    declaration: {
      fn: "vv_transfer",
      params: {
        p_sender: "uuid",
        p_key: "text?",
        p_route: "text",
        p_hash: "text",
        p_recipient: "text?",
        p_amount: "bigint",
        p_currency: "text",
        p_sender_username: "text",
      },
      returns: "jsonb",
    },
    problem:
      "vv_transfer: argument 6 is declared p_amount bigint, the function has p_currency text",
  },
  {
    // One argument left out.
    declaration: {
      fn: "vv_verify",
      params: {
        p_member: "uuid",
        p_key: "text?",
        p_route: "text",
        p_hash: "text",
        p_cost: "bigint",
      },
      returns: "jsonb",
    },
    problem:
      "vv_verify: declares 5 arguments (p_member uuid, p_key text, p_route text, p_hash text, p_cost bigint), the function takes 6",
  },
  {
    // The right type under another name.
    declaration: {
      fn: "vv_run_account_deletions",
      params: { p_now: "timestamptz", p_batch: "int" },
      returns: "jsonb",
    },
    problem:
      "vv_run_account_deletions: argument 2 is declared p_batch integer, the function has p_limit integer",
  },
  {
    // Another result type.
    declaration: {
      fn: "vv_cancel_account_deletion",
      params: { p_auth: "text", p_now: "timestamptz" },
      returns: "boolean",
    },
    problem: "vv_cancel_account_deletion: declared to return boolean, the function returns jsonb",
  },
];
