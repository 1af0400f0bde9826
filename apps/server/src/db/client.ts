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
  /**
   * Reads that may be a few seconds old (feed, ranking, listings, transparency, public profiles;
   * ADR 032/049): a streaming replica while it is healthy and close behind, the primary otherwise.
   * Without DATABASE_REPLICA_URL it is `db`.
   */
  readDb: Db;
  close(): Promise<void>;
}

/** PostgreSQL SQLSTATEs of a server shutting down, starting or refusing connections, and 25006
 * (read_only_sql_transaction): a write that reached a member just demoted to standby during a
 * failover, before HAProxy moved the primary port — retried, it reaches the new primary. */
const UNREACHABLE_STATES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
  "25006",
]);
const UNREACHABLE_ERRNOS = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"]);

/**
 * A connection-level failure (the database went away or is not back yet), not a bug: node-postgres
 * reports a refused or dropped connection by errno or message, a shutting-down server by SQLSTATE.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined; e; ) {
    const code = typeof e.code === "string" ? e.code : "";
    if (UNREACHABLE_STATES.has(code) || UNREACHABLE_ERRNOS.has(code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
        e.message,
      )
    )
      return true;
    e = e.cause as typeof e;
  }
  return false;
}

// bigint columns come back as strings from node-postgres; drizzle's bigint({mode:"bigint"}) converts.
export function openPostgres(url: string, max: number, replicaUrl?: string): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on("error", () => {
    // An idle client died (server restart, failover): the pool replaces it on next use.
  });
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  if (!replicaUrl) return { db, readDb: db, kind: "postgres", pool, url, close: () => pool.end() };
  const replica = new ReplicaPool(replicaUrl, Math.max(2, Math.ceil(max / 2)), pool);
  const readDb = drizzlePg(replica, { schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    readDb,
    kind: "postgres",
    pool,
    url,
    close: async () => {
      await replica.close();
      await pool.end();
    },
  };
}

/** How far behind the primary a replica may be and still serve reads (seconds). */
export const REPLICA_MAX_LAG_SECONDS = 10;
/** How often the replica's lag is measured (ms); reads are at most lag + this old. */
const REPLICA_PROBE_MS = 5_000;

/**
 * A pg.Pool for reads that may be a little old: each query goes to the replica pool while the
 * last probe (every 5 s) found a standby at most REPLICA_MAX_LAG_SECONDS behind, else to the
 * primary; a query the replica fails at the connection level (or cancels for a recovery
 * conflict) is run again on the primary and the replica is skipped until the next good probe.
 * Stated bound: a read served here is at most REPLICA_MAX_LAG_SECONDS + 5 s old. Transactions
 * (`connect()`) always take a primary connection: nothing that writes goes near a standby.
 */
class ReplicaPool extends pg.Pool {
  private readonly replica: pg.Pool;
  private healthy = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    url: string,
    max: number,
    private readonly primary: pg.Pool,
  ) {
    super({ max: 1 });
    this.replica = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 2_000 });
    this.replica.on("error", () => {
      // An idle replica connection died: the probe and the fallback cover it.
    });
    this.timer = setInterval(() => void this.probe(), REPLICA_PROBE_MS);
    this.timer.unref();
    void this.probe();
  }

  private async probe(): Promise<void> {
    try {
      const { rows } = await this.replica.query<{ standby: boolean; lag: number | null }>(
        `select pg_is_in_recovery() as standby,
                case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                     else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as lag`,
      );
      const r = rows[0];
      this.healthy = r?.standby === true && r.lag !== null && r.lag <= REPLICA_MAX_LAG_SECONDS;
    } catch {
      this.healthy = false;
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's overloaded query signature
  override query(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given
    const primary = () => (this.primary.query as (...a: any[]) => any)(...args);
    if (!this.healthy || typeof args[args.length - 1] === "function") return primary();
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given
    return ((this.replica.query as (...a: any[]) => any)(...args) as Promise<unknown>).catch(
      (error: unknown) => {
        const conflict = (error as { code?: unknown })?.code === "40001";
        if (!conflict && !isDatabaseUnreachable(error)) throw error;
        this.healthy = false;
        return primary();
      },
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg.Pool's overloaded connect signature
  override connect(...args: any[]): any {
    // biome-ignore lint/suspicious/noExplicitAny: forwarded as given
    return (this.primary.connect as (...a: any[]) => any)(...args);
  }

  /** Whether reads go to the replica right now (for tests and metrics). */
  servesReads(): boolean {
    return this.healthy;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.replica.end();
    await super.end();
  }
}

/** Embedded PostgreSQL (PGlite) stored in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Db;
  return { db, readDb: db, kind: "pglite", pglite: client, close: () => client.close() };
}

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  /** A streaming replica (DATABASE_REPLICA_URL) for reads that may be a few seconds old. */
  replicaUrl?: string | undefined;
  dataDir: string;
  poolMax: number;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolMax, opts.replicaUrl);
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
