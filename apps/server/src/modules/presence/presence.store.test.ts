import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { memoryPresence, type PresenceStore, redisPresence } from "./presence.store";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

async function behaves(store: PresenceStore) {
  const t0 = 1_800_000_000_000;
  expect(await store.online([A, B], t0)).toEqual([]);
  await store.beat(A, t0);
  await store.beat(B, t0 + 10_000);
  expect(await store.online([A, B], t0 + 90_000)).toEqual([A, B]);
  expect(await store.count(t0 + 90_000)).toBe(2);
  // 90 s of silence: offline
  expect(await store.online([A, B], t0 + 90_001)).toEqual([B]);
  expect(await store.count(t0 + 90_001)).toBe(1);
  await store.leave(B);
  expect(await store.online([A, B], t0 + 20_000)).toEqual([A]);
  expect(await store.online([], t0)).toEqual([]);
}

describe("presence stores", () => {
  it("in process: online within 90 s of a heartbeat, offline when told", async () => {
    await behaves(memoryPresence());
  });

  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  const key = `test:presence:${process.pid}:${Date.now()}`;
  afterAll(async () => {
    if (redis.status === "ready") {
      await redis.del(key);
      await redis.quit();
    } else redis.disconnect();
  });

  it("Redis sorted set: the same rules, shared by every instance", async (ctx) => {
    try {
      await redis.connect();
    } catch {
      ctx.skip();
    }
    await behaves(redisPresence(redis, key));
    // Another instance (its own store on the same key) sees the same members.
    const connection = redis.duplicate();
    const other = redisPresence(connection, key);
    await redisPresence(redis, key).beat(A, 1_900_000_000_000);
    expect(await other.online([A], 1_900_000_000_000)).toEqual([A]);
    await connection.quit();
  });
});
