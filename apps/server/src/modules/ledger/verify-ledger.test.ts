import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteDatabase } from "../../../test/database";
import { fund, fundHeld, memberFactory } from "../../../test/factories";
import type { Database } from "../../db/client";
import { verifyLedger } from "./verify-ledger";

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

  it("reports a hot-path row naming a member or an account that does not exist (ADR 039)", async () => {
    const db = database.db;
    const ghost = randomUUID();
    await db.execute(
      sql`insert into swap_transactions (user_id, direction, views_amount, usdt_amount, swap_rate, ledger_transaction_id)
          select ${ghost}::uuid, 'VIEWS_TO_USDT', 10, 1000000, 0.1, t.id from ledger_transactions t limit 1`,
    );
    await db.execute(
      sql`insert into ledger_entries (transaction_id, account_id, currency, amount)
          select t.id, 987654321, 'VIEWS', 1 from ledger_transactions t limit 1`,
    );
    const report = await verifyLedger(db);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(
      `swap_transactions.user_id names ${ghost}, which does not exist`,
    );
    expect(report.problems).toContain(
      "ledger_entries.account_id names 987654321, which does not exist",
    );
  });

  it("reports a held account that differs from its member's HELD holds (ADR 047)", async () => {
    // A fresh database: the other cases leave problems behind on purpose.
    const fresh = await createPgliteDatabase();
    try {
      const db = fresh.db;
      const m = await memberFactory.create({}, { transient: { db } });
      const hold = await fundHeld(db, m.profile.id, 40n, { now: new Date() });
      await fundHeld(db, m.profile.id, 2n, { now: new Date() });
      expect((await verifyLedger(db)).problems).toEqual([]);
      // A hold marked settled without its posting: the held account still has its 40 views.
      await db.execute(
        sql`update earning_holds set status = 'CLEARED', settled_at = now() where id = ${hold}::uuid`,
      );
      expect((await verifyLedger(db)).problems).toEqual([
        `member ${m.profile.id} holds 42 VIEWS on hold, its HELD holds sum to 2`,
      ]);
    } finally {
      await fresh.close();
    }
  });
});
