import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";

/**
 * Counts one hit against `key` in a fixed window of `windowMs` and returns the count so far and
 * the milliseconds left in the window. One statement, so concurrent hits never lose a count.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = await queryRows<{ count: number; ttl: string | number }>(
    db,
    sql`
    insert into rate_limit_hits as r (key, count, expires_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.expires_at <= now() then 1 else r.count + 1 end,
      expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
    returning count, (extract(epoch from (expires_at - now())) * 1000)::bigint as ttl
  `,
  );
  if (!row) throw new Error("rate limit upsert returned no row");
  return { current: Number(row.count), ttl: Math.max(0, Number(row.ttl)) };
}

/** Drops windows that ended; run from time to time so the table stays small. */
export async function purgeExpiredRateLimits(db: DbOrTx): Promise<void> {
  await db.execute(sql`delete from rate_limit_hits where expires_at <= now()`);
}
