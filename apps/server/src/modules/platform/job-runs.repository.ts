import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";

/**
 * Claims this period's run of job `name`: true for exactly one caller (of every instance) once the
 * previous run started at least ~`everyMs` ago — one conditional upsert, settled by the row lock.
 * A run that crashed is claimed again one period after it started.
 */
export async function claimJobRun(db: DbOrTx, name: string, everyMs: number): Promise<boolean> {
  // A timer that fires a little early still finds its period due.
  const dueMs = Math.floor(everyMs * 0.9);
  const rows = await queryRows<{ name: string }>(
    db,
    sql`insert into job_runs as j (name, started_at) values (${name}, now())
        on conflict (name) do update set started_at = now(), finished_at = null
        where j.started_at <= now() - ${dueMs} * interval '1 millisecond'
        returning j.name`,
  );
  return rows.length === 1;
}

/** The claimed run finished (a crash leaves finished_at empty). */
export async function finishJobRun(db: DbOrTx, name: string): Promise<void> {
  await db.execute(sql`update job_runs set finished_at = now() where name = ${name}`);
}
