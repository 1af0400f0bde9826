import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../src/db/client";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import { createPgliteDatabase } from "./database";
import { fund, memberFactory } from "./factories";

let database: Database;
beforeAll(async () => {
  database = await createPgliteDatabase();
});
afterAll(() => database.close());

describe("ledger:verify", () => {
  it("audits what the ledger's columns no longer check by foreign key", async () => {
    const db = database.db;
    const m = await memberFactory.create({}, { transient: { db } });
    await fund(db, m.profile.id, { views: 500n });
    expect((await verifyLedger(db)).problems).toEqual([]);
    const ghost = randomUUID();
    const other = await memberFactory.create({}, { transient: { db } });
    await db.execute(
      sql`insert into user_transfers (sender_id, recipient_id, transfer_type, amount, ledger_transaction_id)
          values (${m.profile.id}::uuid, ${other.profile.id}::uuid, 'VIEWS', 100, ${ghost}::uuid)`,
    );
    const report = await verifyLedger(db);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `user_transfers names ledger transaction ${ghost}, which does not exist`,
    ]);
  });
});
