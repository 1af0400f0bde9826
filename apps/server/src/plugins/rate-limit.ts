import rateLimit, { type RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import type { Db } from "../db/client";
import { databaseStore } from "../modules/platform/rate-limit.service";

export interface RateLimitOptions {
  db: Db;
  /** When set, counters live in Redis; otherwise in the database. */
  redis?: Redis | undefined;
  /** Default requests per minute per client address for routes that opt in without their own max. */
  defaultMax: number;
}

export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: RateLimitOptions) => {
  const common: RateLimitPluginOptions = {
    // Routes opt in (config.rateLimit): public lookups, PDFs, re-authentication. Signed-in money
    // routes are bounded by balances, idempotency and per-day caps instead of a per-request write.
    global: false,
    max: opts.defaultMax,
    timeWindow: 60_000,
    skipOnError: false,
    allowList: (request) => !request.url.startsWith("/api/"),
  };
  if (opts.redis) {
    await app.register(rateLimit, { ...common, redis: opts.redis, nameSpace: "vv-rl:" });
    return;
  }
  await app.register(rateLimit, { ...common, store: databaseStore(opts.db) as never });
});
