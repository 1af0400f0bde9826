import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/** One trivial round trip: does the database answer? */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}
