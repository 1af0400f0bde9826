import type { Redis } from "ioredis";
import type { Db } from "../../db/client";
import { consumeRateLimit } from "./rate-limit.repository";

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * @fastify/rate-limit store backed by PostgreSQL: counters live in `rate_limit_hits`, so limits
 * hold across restarts and across every instance that shares the database.
 */
export function databaseStore(db: Db) {
  return class DatabaseStore {
    readonly timeWindow: number;
    readonly prefix: string;
    constructor(options: { timeWindow?: number; keyPrefix?: string }) {
      this.timeWindow = Number(options.timeWindow ?? 60_000);
      this.prefix = options.keyPrefix ?? "";
    }
    incr(key: string, callback: IncrCallback): void {
      consumeRateLimit(db, this.prefix + key, this.timeWindow).then(
        (r) => callback(null, r),
        (e: Error) => callback(e),
      );
    }
    child(routeOptions: { routeInfo?: { method?: string; url?: string }; timeWindow?: number }) {
      const Store = databaseStore(db);
      const route = routeOptions.routeInfo;
      return new Store({
        timeWindow: routeOptions.timeWindow ?? this.timeWindow,
        keyPrefix: `${this.prefix}${route?.method ?? ""}${route?.url ?? ""}:`,
      });
    }
  };
}

/**
 * One fixed-window counter per key in Redis or the database: Better Auth's sign-in, sign-up,
 * reset and e-mail limits use it, so they hold across restarts and instances.
 */
export function fixedWindowLimiter(db: Db, redis: Redis | undefined) {
  return {
    async consume(key: string, rule: { window: number; max: number }) {
      const windowMs = rule.window * 1000;
      let current: number;
      let ttl: number;
      if (redis) {
        const redisKey = `vv-auth-rl:${key}`;
        const [[, count], [, pttl]] = (await redis
          .multi()
          .incr(redisKey)
          .pexpire(redisKey, windowMs, "NX")
          .pttl(redisKey)
          .exec()) as [[null, number], [null, number], [null, number]];
        current = count;
        ttl = Math.max(0, Number(pttl));
      } else {
        ({ current, ttl } = await consumeRateLimit(db, `auth:${key}`, windowMs));
      }
      return current <= rule.max
        ? { allowed: true, retryAfter: null }
        : { allowed: false, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
    },
  };
}
