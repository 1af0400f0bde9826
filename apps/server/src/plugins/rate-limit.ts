import rateLimit, { type RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";

export interface RateLimitOptions {
  /** When set, counters live in Redis; otherwise in this store (the database's, from app.ts). */
  redis?: Redis | undefined;
  /** The counter store class for @fastify/rate-limit when Redis is not used. */
  store: NonNullable<RateLimitPluginOptions["store"]>;
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
  await app.register(rateLimit, { ...common, store: opts.store });
});
