import { type SQL, sql } from "drizzle-orm";
import { type PreparedStatement, prepared } from "./client";

/** The PostgreSQL argument types a declaration may name, and the value each one takes. */
export interface SqlValues {
  uuid: string;
  text: string;
  "text[]": string[];
  bigint: bigint;
  int: number;
  date: string;
  numeric: string;
  boolean: boolean;
  timestamptz: Date;
  jsonb: unknown;
}

/** An argument's PostgreSQL type; `"text?"` also takes null. */
export type ParamType = keyof SqlValues | `${keyof SqlValues}?`;

/** A database function's arguments, by their names in pg_proc (`p_…`), in the function's order. */
export type Params = Readonly<Record<`p_${string}`, ParamType>>;

type ValueOf<T> = T extends `${infer Base extends keyof SqlValues}?`
  ? SqlValues[Base] | null
  : T extends keyof SqlValues
    ? SqlValues[T]
    : never;

type Camel<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : S;

/**
 * What a call passes: each argument by its name without `p_`, in camelCase (`p_sender_username`
 * is `senderUsername`), typed from its declaration.
 */
export type ArgsOf<P extends Params> = {
  [K in keyof P as K extends `p_${infer Name}` ? Camel<Name> : never]: ValueOf<P[K]>;
};

/** A database function declared once: its name, arguments and result, and the statement calling it. */
export interface FunctionCall<P extends Params = Params> extends PreparedStatement {
  fn: string;
  params: P;
  /** The function's result type as `pg_get_function_result` spells it (`jsonb`). */
  returns: string;
  /** The names a call passes (`argName`), in the function's order: the positional order. */
  keys: readonly string[];
  /** Each argument's cast, in the same order (`"text?"` casts as `text`). */
  casts: readonly SQL[];
}

/** `p_sender_username` → `senderUsername`: the name a call passes the argument by. */
export function argName(param: string): string {
  return param.slice(2).replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Every function call declared so far (modules declare theirs at load); the signature test
 * compares each one with pg_proc.
 */
export const declaredCalls: FunctionCall[] = [];

/**
 * Declares database function `fn` with its arguments by name, in its order, and its result:
 * the statement `select fn($1::uuid, …) as outcome` is built and named once, here, at module
 * load (ADR 039), and recorded for the signature test (ADR 043).
 */
export function functionCall<const P extends Params>(
  fn: string,
  params: P,
  returns: string,
): FunctionCall<P> {
  const entries = Object.entries(params) as Array<[string, string]>;
  const types = entries.map(([, type]) => type.replace(/\?$/, ""));
  const args = types.map((type, i) => `$${i + 1}::${type}`).join(", ");
  const call: FunctionCall<P> = {
    ...prepared(`select ${fn}(${args}) as outcome`),
    fn,
    params,
    returns,
    keys: entries.map(([name]) => argName(name)),
    casts: types.map((type) => sql.raw(`::${type}`)),
  };
  declaredCalls.push(call as unknown as FunctionCall);
  return call;
}

/** The call's positional values, in the declared order (no per-call key sorting). */
export function valuesOf<P extends Params>(call: FunctionCall<P>, args: ArgsOf<P>): unknown[] {
  const named = args as Record<string, unknown>;
  const { keys } = call;
  const values = new Array<unknown>(keys.length);
  for (let i = 0; i < keys.length; i++) values[i] = named[keys[i] as string];
  return values;
}

/**
 * The call as a query for a transaction the caller holds (`queryRows(tx, callSql(CALL, args))`):
 * the same `select fn($1::type, …) as outcome`, with the arguments by name, typed alike.
 */
export function callSql<P extends Params>(call: FunctionCall<P>, args: ArgsOf<P>): SQL {
  const values = valuesOf(call, args);
  const chunks: SQL[] = [sql.raw(`select ${call.fn}(`)];
  for (let i = 0; i < values.length; i++) {
    if (i > 0) chunks.push(sql.raw(", "));
    // One parameter each, an array too (a bare array in `sql` would become a list).
    chunks.push(sql`${sql.param(values[i])}${call.casts[i]}`);
  }
  chunks.push(sql.raw(") as outcome"));
  return sql.join(chunks);
}
