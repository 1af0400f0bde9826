import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Redis (REDIS_URL) when configured: it carries live updates and presence between instances,
     * and rate limits when RATE_LIMIT_STORE=redis. Absent: each instance keeps them itself.
     */
    redis: Redis | undefined;
  }
}

/** Connects to REDIS_URL (if set) and closes the connection with the app. */
export const redisPlugin = fp(async (app: FastifyInstance, opts: { url?: string | undefined }) => {
  const redis = opts.url ? new Redis(opts.url, { maxRetriesPerRequest: 2 }) : undefined;
  app.decorate("redis", redis);
  if (redis) {
    app.addHook("onClose", async () => {
      await redis.quit();
    });
  }
});
