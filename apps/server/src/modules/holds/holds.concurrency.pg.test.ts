import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  fundHeld,
  memberFactory,
  type SignedInMember,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import { verifyLedger } from "../ledger/verify-ledger";
import { clawBackHold, clawBackMemberHolds, clearDueHolds, clearHold } from "./holds.service";

const suite = describe.skipIf(!pgUrl);
const HOUR = 3_600_000;

type Outcome = "ok" | "HOLD_SETTLED";
async function outcome(work: Promise<unknown>): Promise<Outcome> {
  try {
    await work;
    return "ok";
  } catch (error) {
    if ((error as { code?: string }).code === "HOLD_SETTLED") return "HOLD_SETTLED";
    throw error;
  }
}

suite(`earnings on hold under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const clock = fixedClock("2026-11-21T12:00:00.000Z");
  const db = () => t.database.db;
  let staffA: { profileId: string; role: string };
  let staffB: { profileId: string; role: string };

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({ database, clock });
    const a = await memberFactory.create({ role: "admin" }, { transient: { db: db() } });
    const b = await memberFactory.create({ role: "support" }, { transient: { db: db() } });
    staffA = { profileId: a.profile.id, role: "admin" };
    staffB = { profileId: b.profile.id, role: "support" };
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it("clear vs claw-back vs the job on the same holds: one outcome each, balances exact", async () => {
    const members: SignedInMember[] = [];
    const holds: Array<{ id: string; member: string; amount: bigint }> = [];
    const dueAt = new Date(clock.now().getTime() - 25 * HOUR);
    for (let i = 0; i < 6; i++) {
      const m = await createSignedInMember(t.app, { views: 10n });
      members.push(m);
      for (let k = 1; k <= 5; k++) {
        const amount = BigInt(k * 10 + i);
        holds.push({
          id: await fundHeld(db(), m.id, amount, { now: dueAt }),
          member: m.id,
          amount,
        });
      }
    }
    // Members also earn and spend while their holds settle: view requests post to their
    // available and held accounts at once (lock order: a deadlock would fail a request).
    const requests = members.flatMap((m) =>
      [0, 1].map(() => m.c.request("POST", "/api/view-requests")),
    );
    const staffCalls = holds.flatMap((h) => [
      outcome(clearHold(t.app.money, clock, h.id, staffA, "early release")),
      outcome(clawBackHold(t.app.money, clock, h.id, staffB, "claw back")),
    ]);
    const jobs = [0, 1, 2].map(() => clearDueHolds(t.app.money, clock));
    const [staffOutcomes, jobCleared, answers] = await Promise.all([
      Promise.all(staffCalls),
      Promise.all(jobs),
      Promise.all(requests),
    ]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);

    const rows = await queryRows<{
      id: string;
      status: string;
      settled_by: string | null;
      postings: number;
    }>(
      db(),
      sql`select h.id, h.status, h.settled_by,
            (select count(*)::int from ledger_transactions t
              where t.kind in ('hold_clear', 'hold_claw_back') and t.memo ->> 'holdId' = h.id::text) as postings
          from earning_holds h where h.id = any(${`{${holds.map((h) => h.id).join(",")}}`}::uuid[])`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    let staffWins = 0;
    for (const [i, h] of holds.entries()) {
      const row = byId.get(h.id);
      const [cleared, clawed] = [staffOutcomes[2 * i], staffOutcomes[2 * i + 1]];
      expect(row?.postings, h.id).toBe(1);
      // At most one staff call won; the job cleared it when neither did.
      expect([cleared, clawed].filter((o) => o === "ok").length).toBeLessThanOrEqual(1);
      if (cleared === "ok")
        expect(row).toMatchObject({ status: "CLEARED", settled_by: staffA.profileId });
      else if (clawed === "ok")
        expect(row).toMatchObject({ status: "CLAWED_BACK", settled_by: staffB.profileId });
      else expect(row).toMatchObject({ status: "CLEARED", settled_by: null });
      if (cleared === "ok" || clawed === "ok") staffWins++;
    }
    const jobTotal = jobCleared.reduce((a, b) => a + b, 0);
    expect(staffWins + jobTotal).toBe(holds.length);

    // Balances exact: each member's cleared holds are available, nothing is left on hold but the
    // view-request match gains made during the run (held, with their holds).
    for (const m of members) {
      const mine = holds.filter((h) => h.member === m.id);
      const clearedSum = mine
        .filter((h) => byId.get(h.id)?.status === "CLEARED")
        .reduce((s, h) => s + h.amount, 0n);
      const [matches] = await queryRows<{ held: string; charged: string }>(
        db(),
        sql`select
              (select coalesce(sum(amount), 0)::text from earning_holds
                where member_id = ${m.id} and source_kind = 'view_request_match') as held,
              (select count(*)::text from view_requests where requester_id = ${m.id}) as charged`,
      );
      const b = await readBalances(db(), m.id);
      expect(b.views).toBe(10n + clearedSum - BigInt(matches?.charged ?? "0"));
      expect(b.heldViews).toBe(BigInt(matches?.held ?? "0"));
    }
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("claws back all of a member's holds while they clear: each hold once, never below zero", async () => {
    const dueAt = new Date(clock.now().getTime() - 25 * HOUR);
    const m = await createSignedInMember(t.app);
    const ids: string[] = [];
    for (let k = 1; k <= 20; k++) ids.push(await fundHeld(db(), m.id, BigInt(k), { now: dueAt }));
    const [clawed, cleared, singles] = await Promise.all([
      Promise.all(
        [0, 1, 2].map(() => clawBackMemberHolds(t.app.money, clock, m.id, staffB, "ring")),
      ),
      Promise.all([0, 1].map(() => clearDueHolds(t.app.money, clock))),
      Promise.all(ids.map((id) => outcome(clearHold(t.app.money, clock, id, staffA, "vip")))),
    ]);
    const clawedIds = clawed.flat().map((h) => h.id);
    expect(new Set(clawedIds).size).toBe(clawedIds.length);
    const singleWins = singles.filter((o) => o === "ok").length;
    expect(clawedIds.length + cleared.reduce((a, b) => a + b, 0) + singleWins).toBe(20);
    const clawedSum = clawed.flat().reduce((s, h) => s + BigInt(h.amount), 0n);
    const b = await readBalances(db(), m.id);
    expect(b.heldViews).toBe(0n);
    expect(b.views).toBe(210n - clawedSum); // 1 + 2 + … + 20
    const [settled] = await queryRows<{ held: number }>(
      db(),
      sql`select count(*)::int as held from earning_holds where member_id = ${m.id} and status = 'HELD'`,
    );
    expect(settled?.held).toBe(0);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
