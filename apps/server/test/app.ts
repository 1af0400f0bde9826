import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type AppDeps, buildApp } from "../src/app";
import { loadEnv } from "../src/config/env";
import type { Database } from "../src/db/client";
import type { Clock } from "../src/lib/clock";
import type { Chains } from "../src/modules/chain/chain.types";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import { publishVerifiedNetworks } from "../src/modules/payouts/payouts.service";
import { createPgliteDatabase } from "./database";
import { startOembedStandIn } from "./oembed-stand-in";

export const TEST_ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/** Builds the whole app on a fresh database (PGlite unless one is given) with test env overrides. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    database?: Database;
    clock?: Clock;
    presenceKey?: string;
    /** Chain clients (a fake in route tests); none: every network is manual. */
    chains?: Chains;
    payoutCaps?: AppDeps["payoutCaps"];
    beforeReady?: (app: FastifyInstance) => void;
    /** Log lines (pino JSON, level info) go here instead of nowhere. */
    logStream?: { write(line: string): void };
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await createPgliteDatabase());
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: options.logStream ? "info" : "silent",
    PUBLIC_URL: TEST_ORIGIN,
    WEB_DIST: "/nonexistent",
    ...options.env,
  });
  const app = await buildApp({
    env,
    database,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.presenceKey ? { presenceKey: options.presenceKey } : {}),
    ...(options.chains ? { chains: options.chains } : {}),
    ...(options.payoutCaps ? { payoutCaps: options.payoutCaps } : {}),
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  options.beforeReady?.(app);
  await app.ready();
  // What the server's start does after building the app (ADR 073).
  await publishVerifiedNetworks(database.db, app.payouts);
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}

type OembedStandIn = Awaited<ReturnType<typeof startOembedStandIn>>;

/** A suite's app, ready inside its tests (built in `beforeAll`, closed in `afterAll`). */
export interface SuiteApp extends TestApp {
  /** The app's primary database handle (`database.db`). */
  db(): Database["db"];
  /** The oEmbed stand-in the app fetches titles from (only with the `oembed` option). */
  oembed: OembedStandIn;
}

/**
 * The lifecycle a route suite repeats, in one line: `createTestApp` once per file before its
 * tests, closed after them; with `oembed`, an oEmbed stand-in for those titles started first and
 * handed in as OEMBED_URL (closed last); with `verifyLedger`, the ledger's invariants checked
 * after every test (money suites).
 */
export function useTestApp(
  options: Parameters<typeof createTestApp>[0] & {
    oembed?: { titles: Record<string, string>; slow?: string[]; slowMs?: number };
    verifyLedger?: boolean;
  } = {},
): SuiteApp {
  const { oembed: titles, verifyLedger: checkLedger, ...appOptions } = options;
  let built: TestApp | undefined;
  let standIn: OembedStandIn | undefined;
  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useTestApp: ${what} is ready inside tests only`);
    return value;
  };
  beforeAll(async () => {
    if (titles) {
      const { titles: map, ...slow } = titles;
      standIn = await startOembedStandIn(map, slow);
    }
    built = await createTestApp({
      ...appOptions,
      env: { ...appOptions.env, ...(standIn ? { OEMBED_URL: standIn.url } : {}) },
    });
  });
  afterAll(async () => {
    await built?.close();
    await standIn?.close();
  });
  if (checkLedger) {
    afterEach(async () => {
      const report = await verifyLedger(ready(built, "the app").database.db);
      expect(report.problems).toEqual([]);
    });
  }
  return {
    get app() {
      return ready(built, "the app").app;
    },
    get database() {
      return ready(built, "the app").database;
    },
    db: () => ready(built, "the app").database.db,
    get oembed() {
      return ready(standIn, "the oEmbed stand-in");
    },
    close: () => ready(built, "the app").close(),
  };
}
