import { RANKING } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { queryRows } from "../db/client";
import { verifyLedger } from "../modules/ledger/verify-ledger";
import { readRanking, refreshRanking } from "../modules/ranking/ranking.repository";
import { computeTransparency } from "../modules/transparency/transparency.service";
import { seedDemo } from ".";
import { DEMO_ACCOUNTS } from "./demo-accounts";
import { HISTORY_DAYS } from "./demo-activity";
import { COMMUNITY } from "./demo-activity-day";

/**
 * ADR 052: a fresh demo looked empty — one member in the ranking, 0.00 USDT of
 * transfers, a flat transparency chart. The demo seed writes weeks of activity through the ledger.
 */
let t: TestApp;
const db = () => t.database.db;
const LOGINS = ["demo", "alice", "bruno", "carla", "emma", "felipe"];
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const authSecret = (await t.app.auth.$context).secret;
  await seedDemo(db(), { log: (line) => lines.push(line), authSecret });
});
afterAll(() => t.close());

describe("the demo seed's activity", () => {
  it("fills the ranking, moves USDT between members and the transparency chart over weeks", async () => {
    const now = new Date();
    await refreshRanking(db(), now, RANKING.earnedKinds);
    const [demo] = await queryRows<{ id: string }>(
      db(),
      sql`select id from profiles where username = 'demo'`,
    );
    const month = await readRanking(db(), "all", demo?.id ?? "", 0, 50);
    const ranked = (month.entries ?? []).map((e) => e.username);
    expect(ranked.length).toBeGreaterThanOrEqual(6);
    for (const member of COMMUNITY) expect(ranked).toContain(member);
    expect(BigInt(month.summary?.usdt_volume ?? "0")).toBeGreaterThan(0n);

    // This week's leaders, after the annual winner (demo-events.ts), are members nobody signs in
    // as; the demo logins rank below them.
    const week = await readRanking(db(), "week", demo?.id ?? "", 0, 5);
    const leaders = (week.entries ?? []).map((e) => e.username).filter((u) => u !== "diego");
    expect(leaders.slice(0, 3).every((u) => (COMMUNITY as readonly string[]).includes(u))).toBe(
      true,
    );

    const { daily } = await computeTransparency(db(), now);
    const recent = daily.slice(-HISTORY_DAYS - 1);
    expect(new Set(recent.map((d) => d.issuedViews)).size).toBeGreaterThan(5);
    expect(recent.some((d) => BigInt(d.paidOutUsdt) > 0n)).toBe(true);
    // Spread over the weeks, none of it today.
    const days = await queryRows<{ n: number }>(
      db(),
      sql`select count(distinct date_trunc('day', created_at))::int as n from ledger_transactions
          where memo ->> 'demoHistory' = 'v1'`,
    );
    expect(days[0]?.n).toBeGreaterThanOrEqual(HISTORY_DAYS);

    const report = await verifyLedger(db());
    expect(report.problems).toEqual([]);
    console.log(lines.filter((l) => l.startsWith("demo activity")).join("\n"));
  });

  it("leaves the demo logins below the first milestone and nothing waiting or unsent", async () => {
    const earned = await queryRows<{ username: string; earned: string }>(
      db(),
      sql`select p.username, sum(e.amount)::text as earned
          from ledger_transactions t join ledger_entries e on e.transaction_id = t.id and e.amount > 0
          join ledger_accounts a on a.id = e.account_id and a.profile_id is not null
          join profiles p on p.id = a.profile_id
          where t.memo ->> 'demoHistory' = 'v1' or t.kind = 'view_request_match'
          group by 1`,
    );
    for (const row of earned.filter((r) => LOGINS.includes(r.username)))
      expect(BigInt(row.earned), row.username).toBeLessThan(1_000n);
    const pending = await queryRows(
      db(),
      sql`select id from view_requests where status = 'PENDING'`,
    );
    expect(pending).toEqual([]);
    // The community members cannot be signed in as: their passwords are printed nowhere.
    expect(DEMO_ACCOUNTS.map((a) => a.username)).not.toContain(COMMUNITY[0]);
  });

  it("runs once: a second start adds nothing", async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from ledger_transactions`,
        )
      )[0]?.n;
    const before = await count();
    const authSecret = (await t.app.auth.$context).secret;
    await seedDemo(db(), { log: () => undefined, authSecret });
    expect(await count()).toBe(before);
  });
});
