import type { FastifyInstance } from "fastify";
import { type AppDeps, buildApp } from "../src/app";
import { loadEnv } from "../src/config/env";
import type { Database } from "../src/db/client";
import type { Clock } from "../src/lib/clock";
import type { Chains } from "../src/modules/chain/chain.types";
import { publishVerifiedNetworks } from "../src/modules/payouts/payouts.service";
import { createPgliteDatabase } from "./database";

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
