import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../test/database";
import { createSignedInMember } from "../../test/factories";

const suite = describe.skipIf(!pgUrl);
const TOKEN = "metrics-token-for-the-tests-0123456789";

function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  if (!line) throw new Error(`no sample ${series}`);
  return Number(line.slice(series.length + 1));
}

/** The pool gauges against node-postgres: what a scrape reports while requests wait. */
suite(`metrics on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const database = await createPostgresDatabase(3);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234", METRICS_TOKEN: TOKEN },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  const scrape = async () =>
    (
      await t.app.inject({
        method: "GET",
        url: "/api/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).body;

  it("reports the pool's size, and requests queued for a connection while all are busy", async () => {
    const pool = t.database.pool;
    if (!pool) throw new Error("expected a PostgreSQL pool");
    await createSignedInMember(t.app);
    expect(sample(await scrape(), "vv_db_pool_max")).toBe(3);

    // Hold every connection, then ask for two more: they wait.
    const held = await Promise.all([pool.connect(), pool.connect(), pool.connect()]);
    const waiting = [pool.query("select 1"), pool.query("select 1")];
    const busy = await t.app.metrics.registry.getSingleMetricAsString("vv_db_pool_connections");
    for (const client of held) client.release();
    await Promise.all(waiting);
    expect(sample(busy, 'vv_db_pool_connections{state="total"}')).toBe(3);
    expect(sample(busy, 'vv_db_pool_connections{state="idle"}')).toBe(0);
    expect(sample(busy, 'vv_db_pool_connections{state="waiting"}')).toBe(2);

    const after = await scrape();
    expect(sample(after, 'vv_db_pool_connections{state="waiting"}')).toBe(0);
    expect(sample(after, 'vv_db_pool_connections{state="idle"}')).toBeGreaterThan(0);
  });
});
