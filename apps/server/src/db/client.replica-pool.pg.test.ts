import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PG_SKIP_REASON, pgUrl } from "../../test/database";
import { openPostgres, queryRows } from "./client";

const suite = describe.skipIf(!pgUrl);

/**
 * DATABASE_REPLICA_URL (ADR 049): reads that may be seconds old go to a standby only while it is
 * one and close behind; otherwise — no standby there, or nothing answering — to the primary, so a
 * replica that is down or misconfigured costs nothing but the offload. The standby side is proven
 * by `npm run cluster:ha:test` (reads through HAProxy's replica port answer from a standby).
 */
suite(`the replica pool's fallback (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  const inRecovery = async (db: ReturnType<typeof openPostgres>["readDb"]) =>
    (await queryRows<{ r: boolean }>(db, sql`select pg_is_in_recovery() as r`))[0]?.r;

  it("reads on the primary when the replica URL is not a standby (here: the primary itself)", async () => {
    const database = openPostgres(pgUrl as string, 2, pgUrl);
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(await inRecovery(database.readDb)).toBe(false);
      const [row] = await queryRows<{ one: number }>(database.readDb, sql`select 1 as one`);
      expect(row?.one).toBe(1);
    } finally {
      await database.close();
    }
  });

  it("reads on the primary when nothing answers at the replica URL", async () => {
    const down = new URL(pgUrl as string);
    down.port = "1";
    const database = openPostgres(pgUrl as string, 2, down.toString());
    try {
      await new Promise((r) => setTimeout(r, 300));
      const [row] = await queryRows<{ one: number }>(database.readDb, sql`select 1 as one`);
      expect(row?.one).toBe(1);
      // A transaction on the read handle is a primary connection.
      const inTx = await database.readDb.transaction(async (tx) =>
        queryRows<{ r: boolean }>(tx, sql`select pg_is_in_recovery() as r`),
      );
      expect(inTx[0]?.r).toBe(false);
    } finally {
      await database.close();
    }
  });
});
