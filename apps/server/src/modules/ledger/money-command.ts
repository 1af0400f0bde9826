import { type Db, type PreparedStatement, prepared, runPrepared } from "../../db/client";
import { type Insufficient, refusalOf } from "./ledger.service";

/** What a money command answered: its HTTP status and result, and whom it touched. */
export interface CommandOutcome<R> {
  status: number;
  result: R;
  /** True when the Idempotency-Key was used before: nothing moved, this is the first answer. */
  replayed: boolean;
  /** The members whose balances changed (empty on a replay). */
  touched: string[];
}

/** What every money command needs besides its database: telling others that money moved. */
export interface Money {
  db: Db;
  /**
   * After a commit: the members whose balances changed (live updates on every instance); an
   * e-mail notice the command may have queued is delivered soon after.
   */
  afterCommit(profileIds: string[]): void;
  /** After a commit that posted to the ledger: the posting's kind (metrics). */
  posted?(kind: string): void;
}

/** A money command's prepared statement and the kind of ledger posting it commits, if any. */
export interface CommandStatement extends PreparedStatement {
  /** `vv_transfer` posts `transfer`; undefined for a command that moves no money. */
  kind?: string;
}

/**
 * The statement that calls money command `fn` with arguments of these PostgreSQL types:
 * `select fn($1::uuid, …) as outcome`, prepared once at module load. Its posting kind is the
 * function's name without `vv_` (metrics count it), unless `posts: false` (a step that moves no
 * money, e.g. a support desk's status change).
 */
export function command(
  fn: string,
  types: string[],
  options: { posts?: boolean } = {},
): CommandStatement {
  const args = types.map((type, i) => `$${i + 1}::${type}`).join(", ");
  const statement: CommandStatement = prepared(`select ${fn}(${args}) as outcome`);
  if (options.posts !== false) statement.kind = fn.replace(/^vv_/, "");
  return statement;
}

/**
 * Runs one money command — a database function that claims the Idempotency-Key, checks, posts,
 * records and answers in ONE statement (ADR 013) — as a prepared statement, maps its refusals to
 * the error catalogue (an overdraft to the caller's `insufficient`), and publishes whom it
 * touched once it committed.
 */
export async function runCommand<R>(
  money: Money,
  statement: CommandStatement,
  values: unknown[],
  options: { insufficient?: Insufficient } = {},
): Promise<CommandOutcome<R>> {
  let rows: Array<{ outcome: CommandOutcome<R> }>;
  try {
    rows = await runPrepared<{ outcome: CommandOutcome<R> }>(money.db, statement, values);
  } catch (error) {
    throw refusalOf(error, options.insufficient) ?? error;
  }
  const outcome = rows[0]?.outcome;
  if (!outcome) throw new Error("money command answered nothing");
  const touched = outcome.replayed ? [] : (outcome.touched ?? []);
  if (!outcome.replayed && statement.kind) money.posted?.(statement.kind);
  if (touched.length) money.afterCommit(touched);
  return { status: outcome.status, result: outcome.result, replayed: outcome.replayed, touched };
}
