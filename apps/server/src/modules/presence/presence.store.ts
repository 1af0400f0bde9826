import { PRESENCE } from "@viewvault/shared";
import type { Redis } from "ioredis";

/**
 * Who is online (ADR 020): a member is online while their last heartbeat is younger than
 * PRESENCE.offlineAfterSeconds. No database write per heartbeat — with REDIS_URL, one sorted set
 * shared by every instance (member → last heartbeat in ms); without it, a map in this process
 * (the embedded-database setup runs one process; several instances need Redis to agree).
 */
export interface PresenceStore {
  beat(profileId: string, nowMs: number): Promise<void>;
  leave(profileId: string): Promise<void>;
  /** Which of these members are online at `nowMs`. */
  online(profileIds: string[], nowMs: number): Promise<string[]>;
  /** How many members are online at `nowMs` (the admin overview's count). */
  count(nowMs: number): Promise<number>;
}

const windowMs = PRESENCE.offlineAfterSeconds * 1000;
/** Stale entries are swept at most this often. */
const SWEEP_MS = 60_000;

export function memoryPresence(): PresenceStore {
  const seen = new Map<string, number>();
  let swept = 0;
  return {
    async beat(id, nowMs) {
      seen.set(id, nowMs);
      if (nowMs - swept > SWEEP_MS) {
        swept = nowMs;
        for (const [member, at] of seen) if (at < nowMs - windowMs) seen.delete(member);
      }
    },
    async leave(id) {
      seen.delete(id);
    },
    async online(ids, nowMs) {
      return ids.filter((id) => (seen.get(id) ?? 0) >= nowMs - windowMs);
    },
    async count(nowMs) {
      let online = 0;
      for (const at of seen.values()) if (at >= nowMs - windowMs) online += 1;
      return online;
    },
  };
}

export function redisPresence(redis: Redis, key: string): PresenceStore {
  let swept = 0;
  return {
    async beat(id, nowMs) {
      if (nowMs - swept > SWEEP_MS) {
        swept = nowMs;
        await redis
          .multi()
          .zadd(key, nowMs, id)
          .zremrangebyscore(key, 0, nowMs - windowMs)
          .exec();
        return;
      }
      await redis.zadd(key, nowMs, id);
    },
    async leave(id) {
      await redis.zrem(key, id);
    },
    async online(ids, nowMs) {
      if (ids.length === 0) return [];
      const scores = await redis.zmscore(key, ...ids);
      return ids.filter((_, i) => Number(scores[i] ?? 0) >= nowMs - windowMs);
    },
    async count(nowMs) {
      return redis.zcount(key, nowMs - windowMs, "+inf");
    },
  };
}
