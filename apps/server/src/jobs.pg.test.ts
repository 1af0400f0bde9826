import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../test/database";
import { type Database, openPostgres, queryRows } from "./db/client";
import { runJobOnce } from "./jobs";

const suite = describe.skipIf(!pgUrl);

/** ADR 033: a background job runs once per period across instances, and again after a crash. */
suite(`background jobs across instances (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let a: Database & { url: string };
  let b: Database;

  beforeAll(async () => {
    a = await createPostgresDatabase(10);
    b = openPostgres(a.url, 10);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const startedAgo = (name: string, ms: number) =>
    a.db.execute(
      sql`update job_runs set started_at = now() - ${ms} * interval '1 millisecond' where name = ${name}`,
    );

  it("runs once per period however many instances' timers fire together", async () => {
    let runs = 0;
    const job = async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 50));
    };
    const fire = () =>
      Promise.all(
        Array.from({ length: 8 }, (_, i) => runJobOnce((i % 2 ? a : b).db, "sweep", 60_000, job)),
      );
    expect((await fire()).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    // Still inside the period: nobody runs it.
    await startedAgo("sweep", 30_000);
    expect((await fire()).filter(Boolean)).toHaveLength(0);
    // The period has passed (a timer may fire a little early): exactly one instance runs it.
    await startedAgo("sweep", 55_000);
    expect((await fire()).filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it("a run cut off by a crash is taken up again a period later by another instance", async () => {
    // An instance claims the run and dies in the middle (the job never returns).
    void runJobOnce(a.db, "ranking", 60_000, () => new Promise(() => undefined));
    await new Promise((r) => setTimeout(r, 100));
    const [row] = await queryRows<{ finished_at: string | null }>(
      a.db,
      sql`select finished_at from job_runs where name = 'ranking'`,
    );
    expect(row?.finished_at).toBeNull();
    let resumed = 0;
    expect(await runJobOnce(b.db, "ranking", 60_000, async () => resumed++)).toBe(false);
    await startedAgo("ranking", 60_000);
    expect(await runJobOnce(b.db, "ranking", 60_000, async () => resumed++)).toBe(true);
    expect(resumed).toBe(1);
    const [after] = await queryRows<{ finished_at: string | null }>(
      b.db,
      sql`select finished_at from job_runs where name = 'ranking'`,
    );
    expect(after?.finished_at).not.toBeNull();
  });
});
