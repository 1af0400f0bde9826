import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { buildApp } from "./app";
import { type Env, EnvError, loadEnv } from "./config/env";
import { openDatabase } from "./db/client";
import { openMigratedDatabase, runMigrations } from "./db/migrate";
import { startBackgroundJobs } from "./jobs";
import { readyMessage } from "./lib/ready-message";
import { resolveAuthSecret } from "./lib/secret";
import { publishVerifiedNetworks } from "./modules/payouts/payouts.service";
import { seedDemo } from "./seed";

/** What to open, for the last line of the start log. */
function ready(env: Env, port: number, suffix = ""): string {
  return `${readyMessage({ publicUrl: env.PUBLIC_URL, nodeEnv: env.NODE_ENV, host: env.HOST, port })}${suffix}`;
}

function readEnv(): Env {
  if (existsSync(".env")) process.loadEnvFile(".env");
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

function seedOptions(env: Env) {
  return {
    log: (msg: string) => console.log(msg),
    authSecret: resolveAuthSecret(env.BETTER_AUTH_SECRET, env.DATA_DIR),
  };
}

/** Migrations and demo data run once, before any instance serves (under the advisory lock). */
async function prepareDatabase(env: Env): Promise<void> {
  const database = await openMigratedDatabase(env, 2);
  try {
    if (env.seedDemo) await seedDemo(database.db, seedOptions(env));
  } finally {
    await database.close();
  }
}

/** One server: listens, runs the background jobs, drains and closes on SIGINT/SIGTERM. */
async function serve(env: Env, prepared: boolean): Promise<void> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    replicaUrl: env.DATABASE_REPLICA_URL,
    dataDir: env.DATA_DIR,
    poolMax: env.DB_POOL_MAX,
  });
  if (!prepared) {
    await runMigrations(database);
    if (env.seedDemo) await seedDemo(database.db, seedOptions(env));
  }
  const app = await buildApp({ env, database });
  // The database learns which networks this configuration verifies on chain (ADR 073).
  await publishVerifiedNetworks(database.db, app.payouts);
  app.log.info(
    { database: database.kind === "pglite" ? `embedded (${env.DATA_DIR})` : "postgresql" },
    "database ready",
  );
  app.mailer.start();
  app.push.start();
  startBackgroundJobs(app, database.db);

  let closing = false;
  /**
   * Graceful shutdown (ADR 033): health turns to 503 "draining" at once; after SHUTDOWN_DELAY_MS
   * open streams end, the port closes (new connections are refused, a new request on a kept-alive
   * connection gets 503 and `Connection: close`), requests in flight finish, then the outbox and
   * the background jobs stop after their current step. Bounded by SHUTDOWN_TIMEOUT_MS.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: draining");
    const force = setTimeout(() => {
      app.log.error("shutdown took too long; exiting");
      process.exit(1);
    }, env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    app.lifecycle.drain();
    try {
      if (env.SHUTDOWN_DELAY_MS > 0)
        await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_DELAY_MS));
      await app.close();
      await database.close();
      app.log.info("drained; exiting");
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, "error while shutting down");
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: env.HOST, port: env.PORT });
  // Fastify's "Server listening at http://127.0.0.1:3000" lines come first; this one says what to open.
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  // Through the logger, not console.log: pino writes asynchronously, and a line printed beside it
  // would come out before Fastify's "Server listening at …" lines instead of after them.
  if (!cluster.isWorker) app.log.info(ready(env, port));
}

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only) forks that many workers sharing the port, so one machine
 * uses all its cores; the primary prepares the database first and restarts a worker that dies.
 */
async function main(): Promise<void> {
  const env = readEnv();
  if (env.WEB_CONCURRENCY <= 1 || env.embedded) return serve(env, false);
  if (cluster.isWorker) return serve(env, true);

  await prepareDatabase(env);
  let stopping = false;
  for (let i = 0; i < env.WEB_CONCURRENCY; i++) cluster.fork();
  cluster.on("exit", (worker, code) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${code}); starting another`);
    cluster.fork();
  });
  let online = 0;
  cluster.on("listening", () => {
    if (++online === env.WEB_CONCURRENCY) console.log(ready(env, env.PORT, ` — ${online} workers`));
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    const exit = setInterval(() => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    }, 100);
    setTimeout(
      () => process.exit(1),
      env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_TIMEOUT_MS + 2_000,
    ).unref();
    exit.unref();
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
