import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { type PgDatabase, PgDialect, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: repositories accept this or a transaction handle. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Repositories take the global db or a transaction handle. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Underlying clients, for the few places (migrations, LISTEN) that need them. */
  pglite?: PGlite;
  pool?: pg.Pool;
  /** PostgreSQL connection string (for dedicated LISTEN connections). */
  url?: string;
  close(): Promise<void>;
}

// bigint columns come back as strings from node-postgres; drizzle's bigint({mode:"bigint"}) converts.
export function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
    // An idle client died (server restart): the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, kind: "postgres", pool, url, close: () => pool.end() };
}

/** Embedded PostgreSQL (PGlite) stored in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, kind: "pglite", pglite: client, close: () => client.close() };
}

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolMax: number;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax);
  const { mkdir } = await import("node:fs/promises");
  await mkdir(opts.dataDir, { recursive: true });
  return openPglite(opts.dataDir);
}

/** Runs raw SQL and returns its rows (both drivers answer with `{ rows }`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * Runs a hot query as a named prepared statement on PostgreSQL (parsed and planned once per
 * connection instead of on every request), outside any transaction the caller might hold; on
 * PGlite, as a plain query. Money commands and signed-in reads go through here.
 */
export async function preparedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = statementNames.get(text);
  if (!name) {
    name = `vv_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  const result = await client.query({ name, text, values: params as unknown[] });
  return result.rows as T[];
}

/** A statement with a fixed text, run as a named prepared statement (see `runPrepared`). */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** Names a hot statement once, at module load: no query building on the request path. */
export function prepared(text: string): PreparedStatement {
  return { name: `vv_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`, text };
}

/**
 * Runs a prepared statement with its values: on PostgreSQL a named prepared statement (parsed and
 * planned once per connection), outside any transaction; on PGlite a plain parameterised query.
 */
export async function runPrepared<T>(
  db: DbOrTx,
  statement: PreparedStatement,
  values: unknown[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as T[];
  }
  const result = await (client as PGlite).query<T>(statement.text, values);
  return result.rows;
}
