import { type Db, type DbOrTx, queryRows, runPrepared } from "../../db/client";
import {
  type ArgsOf,
  callSql,
  type FunctionCall,
  functionCall,
  type Params,
  valuesOf,
} from "../../db/function-call";
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

/** A money command's statement (declared once, ADR 043) and the kind of posting it commits. */
export interface CommandStatement<P extends Params = Params> extends FunctionCall<P> {
  /** `vv_transfer` posts `transfer`; undefined for a command that moves no money. */
  kind?: string;
  /**
   * Runs the command with its arguments by name (typed from the declaration), see `runCommand`.
   * `R` is the result the function answers.
   */
  run<R>(
    money: Money,
    args: ArgsOf<P>,
    options?: { insufficient?: Insufficient },
  ): Promise<CommandOutcome<R>>;
}

/** The arguments every keyed money command takes after its member: the Idempotency-Key's. */
export const IDEMPOTENCY_ARGS = { p_key: "text?", p_route: "text", p_hash: "text" } as const;

/**
 * Money command `fn`, declared with its arguments by their names in pg_proc, in the function's
 * order, each with its PostgreSQL type (`"text?"` also takes null): the statement
 * `select fn($1::uuid, …) as outcome` is built and prepared once, at module load, and the
 * signature test checks the declaration against the function (ADR 043). Its posting kind is the
 * function's name without `vv_` (metrics count it), unless `posts: false` (a step that moves no
 * money, e.g. a support desk's status change). Every money command answers `jsonb`.
 */
export function command<const P extends Params>(
  fn: string,
  params: P,
  options: { posts?: boolean } = {},
): CommandStatement<P> {
  const statement = functionCall(fn, params, "jsonb") as CommandStatement<P>;
  if (options.posts !== false) statement.kind = fn.replace(/^vv_/, "");
  statement.run = <R>(
    money: Money,
    args: ArgsOf<P>,
    runOptions?: { insufficient?: Insufficient },
  ): Promise<CommandOutcome<R>> =>
    runCommand<R>(money, statement, valuesOf(statement, args), runOptions);
  return statement;
}

/**
 * Runs one money command — a database function that claims the Idempotency-Key, checks, posts,
 * records and answers in ONE statement (ADR 013) — as a prepared statement, maps its refusals to
 * the error catalogue (an overdraft to the caller's `insufficient`), and publishes whom it
 * touched once it committed.
 */
async function runCommand<R>(
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
  return committed(money, statement, outcome);
}

/**
 * A money command's after-commit step: whom it touched (nobody on a replay) is told, and its
 * posting counted. `run` ends here; a caller that ran the command inside its own transaction
 * (`callIn`) calls it once that transaction committed.
 */
export function committed<R>(
  money: Money,
  statement: { kind?: string },
  outcome: CommandOutcome<R>,
): CommandOutcome<R> {
  const touched = outcome.replayed ? [] : (outcome.touched ?? []);
  if (!outcome.replayed && statement.kind) money.posted?.(statement.kind);
  if (touched.length) money.afterCommit(touched);
  return { status: outcome.status, result: outcome.result, replayed: outcome.replayed, touched };
}

/**
 * Runs database function `call` in the caller's transaction (or on `db`): its answer, its
 * refusals as AppErrors. Nothing is told: a command run this way ends with `committed` after
 * the caller's commit.
 */
export async function callIn<R, P extends Params = Params>(
  db: DbOrTx,
  call: FunctionCall<P>,
  args: ArgsOf<P>,
): Promise<R> {
  let rows: Array<{ outcome: R }>;
  try {
    rows = await queryRows<{ outcome: R }>(db, callSql(call, args));
  } catch (error) {
    throw refusalOf(error) ?? error;
  }
  const row = rows[0];
  if (!row) throw new Error(`${call.fn} answered nothing`);
  return row.outcome;
}
