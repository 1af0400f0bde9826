import { HOLD } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, fundHeld, memberFactory } from "../../../test/factories";
import { attendSession } from "../../../test/watch";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import {
  clawBackHold,
  clawBackMemberHolds,
  clearDueHolds,
  clearHold,
  memberHolds,
} from "./holds.service";

let staff: { profileId: string; role: string };
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const t = useTestApp({
  clock,
  oembed: { titles: { hOlDsVideo1: "A video that pays on hold" } },
  verifyLedger: true,
});
const db = () => t.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  const admin = await memberFactory.create({ role: "admin" }, { transient: { db: db() } });
  staff = { profileId: admin.profile.id, role: "admin" };
});

const member = (views = 0n) => createSignedInMember(t.app, { views });
const holdsOf = async (id: string) =>
  (
    await queryRows<{ status: string; amount: string; source_kind: string; clears_at: string }>(
      db(),
      sql`select status, amount::text, source_kind, clears_at from earning_holds
          where member_id = ${id} order by created_at, source_kind`,
    )
  ).map((h) => ({ ...h, clears_at: new Date(h.clears_at) }));
/** Everything due now is cleared (the job's whole backlog). */
const runJob = () => clearDueHolds(t.app.money, clock);

describe("earnings on hold", () => {
  it("credits a watch's reward and the creator's credit on hold, for the risk's window", async () => {
    const creator = await member(10n);
    const posted = await creator.c.request("POST", "/api/videos", {
      url: "https://youtu.be/hOlDsVideo1",
      country: "BR",
      theme: "Music",
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const videoId = posted.json().video.id as string;
    const watcher = await member();
    const session = (await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).json();
    const solution = await attendSession(watcher.c, clock, session.id);
    // A high-risk watcher waits longer (the risk model's row, set once the session's challenge
    // was solved at the normal cost; none means normal).
    await db().execute(
      sql`insert into member_risk (member_id, score, level, reasons, updated_at)
          values (${watcher.id}, 80, 'high', '[]', now())
          on conflict (member_id) do update set score = 80, level = 'high'`,
    );
    const done = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, {
      solution,
    });
    expect(done.statusCode, done.body).toBe(200);
    const credited = clock.now().getTime();
    expect(done.json().balances).toEqual({
      views: "0",
      usdt: "0",
      pendingUsdt: "0",
      heldViews: "1",
      heldNextClearAt: new Date(credited + HOLD.hoursByRisk.high * HOUR).toISOString(),
    });
    expect(await holdsOf(watcher.id)).toEqual([
      {
        status: "HELD",
        amount: "1",
        source_kind: "watch_reward",
        clears_at: new Date(credited + HOLD.hoursByRisk.high * HOUR),
      },
    ]);
    expect(await holdsOf(creator.id)).toEqual([
      {
        status: "HELD",
        amount: "1",
        source_kind: "creator_credit",
        clears_at: new Date(credited + HOLD.hoursByRisk.normal * HOUR),
      },
    ]);
    const creatorBalances = (await creator.c.request("GET", "/api/balances")).json();
    expect(creatorBalances).toMatchObject({ views: "9", heldViews: "1" });
    // Earned when credited (ADR 019 unchanged): the lifetime count already has them.
    const earned = await queryRows<{ profile_id: string; earned_views: string }>(
      db(),
      sql`select profile_id, earned_views::text from member_earnings
          where profile_id in (${watcher.id}, ${creator.id})`,
    );
    expect(earned.map((e) => e.earned_views)).toEqual(["1", "1"]);

    // The creator's hold clears after 24 h, the high-risk watcher's after 72 h.
    clock.advance(HOLD.hoursByRisk.normal * HOUR - 1);
    expect(await runJob()).toBe(0);
    clock.advance(1);
    expect(await runJob()).toBe(1);
    expect((await creator.c.request("GET", "/api/balances")).json()).toMatchObject({
      views: "10",
      heldViews: "0",
      heldNextClearAt: null,
    });
    expect((await holdsOf(creator.id))[0]?.status).toBe("CLEARED");
    expect((await readBalances(db(), watcher.id)).heldViews).toBe(1n);
    clock.advance((HOLD.hoursByRisk.high - HOLD.hoursByRisk.normal) * HOUR);
    // Due, but a high-risk member's holds wait for the review (ADR 071); the review's "clear"
    // resets the score, and the next run clears it.
    expect(await runJob()).toBe(0);
    await db().execute(
      sql`update member_risk set score = 0, level = 'low' where member_id = ${watcher.id}::uuid`,
    );
    expect(await runJob()).toBe(1);
    expect(await runJob()).toBe(0); // exactly once
    expect(await readBalances(db(), watcher.id)).toMatchObject({ views: 1n, heldViews: 0n });
    // The count did not move again when the holds cleared.
    const after = await queryRows<{ earned_views: string }>(
      db(),
      sql`select earned_views::text from member_earnings where profile_id = ${watcher.id}`,
    );
    expect(after[0]?.earned_views).toBe("1");
  });

  it("credits a view-request match on hold for both members", async () => {
    await db().execute(sql`update view_requests set status = 'MATCHED' where status = 'PENDING'`);
    const a = await member(5n);
    const b = await member(5n);
    await a.c.request("POST", "/api/view-requests");
    clock.advance(1_000);
    const matched = await b.c.request("POST", "/api/view-requests");
    expect(matched.json()).toMatchObject({
      matched: true,
      balances: { views: "4", heldViews: "2" },
    });
    expect((await readBalances(db(), a.id)).heldViews).toBe(2n);
    expect((await holdsOf(a.id)).map((h) => [h.source_kind, h.amount])).toEqual([
      ["view_request_match", "2"],
    ]);
    clock.advance(HOLD.hoursByRisk.normal * HOUR);
    expect(await runJob()).toBe(2);
    expect(await readBalances(db(), a.id)).toMatchObject({ views: 6n, heldViews: 0n });
    expect(await readBalances(db(), b.id)).toMatchObject({ views: 6n, heldViews: 0n });
  });

  it("held views cannot be transferred, swapped, sold or spent", async () => {
    const m = await member(50n);
    const other = await member();
    await fundHeld(db(), m.id, 200n, { now: clock.now() });
    const refusals = [
      await m.c.request("POST", "/api/transfers", {
        recipient: other.user.username,
        transferType: "VIEWS",
        amount: "100",
      }),
      await m.c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "100" }),
      await m.c.request("POST", "/api/marketplace/offers", {
        viewsQuantity: "100",
        pricePerView: "0.1",
      }),
      await m.c.request("POST", "/api/box/open", undefined, { "idempotency-key": "held-box-01" }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe("INSUFFICIENT_BALANCE");
    }
    // Only the available 50 views could have been spent; nothing moved.
    expect((await m.c.request("GET", "/api/balances")).json()).toMatchObject({
      views: "50",
      heldViews: "200",
    });
    expect((await readBalances(db(), other.id)).views).toBe(0n);
  });

  it("lets staff clear early or claw back, each hold once, audited with the reason", async () => {
    const m = await member();
    const first = await fundHeld(db(), m.id, 30n, { now: clock.now() });
    const second = await fundHeld(db(), m.id, 20n, { now: clock.now() });
    const third = await fundHeld(db(), m.id, 7n, { now: clock.now() });

    const cleared = await clearHold(t.app.money, clock, first, staff, "known good member");
    expect(cleared).toMatchObject({ id: first, status: "CLEARED", settledBy: staff.profileId });
    expect(await readBalances(db(), m.id)).toMatchObject({ views: 30n, heldViews: 27n });
    await expect(clawBackHold(t.app.money, clock, first, staff, "too late")).rejects.toMatchObject({
      code: "HOLD_SETTLED",
    });

    const clawed = await clawBackHold(t.app.money, clock, second, staff, "bot traffic");
    expect(clawed).toMatchObject({ status: "CLAWED_BACK", reason: "bot traffic" });
    expect(await readBalances(db(), m.id)).toMatchObject({ views: 30n, heldViews: 7n });
    await expect(clearHold(t.app.money, clock, second, staff, "again")).rejects.toMatchObject({
      code: "HOLD_SETTLED",
    });
    await expect(
      clearHold(t.app.money, clock, "00000000-0000-4000-8000-000000000000", staff, "x"),
    ).rejects.toMatchObject({ code: "NOT_FOUND", params: { context: "hold" } });

    const all = await clawBackMemberHolds(t.app.money, clock, m.id, staff, "fraud ring");
    expect(all.map((h) => h.id)).toEqual([third]);
    expect(await clawBackMemberHolds(t.app.money, clock, m.id, staff, "again")).toEqual([]);
    expect(await readBalances(db(), m.id)).toMatchObject({
      views: 30n,
      heldViews: 0n,
      heldNextClearAt: null,
    });
    // The job finds nothing left to clear for them, even once due.
    clock.advance(HOLD.hoursByRisk.high * HOUR);
    await runJob();
    expect((await readBalances(db(), m.id)).views).toBe(30n);
    expect((await memberHolds(db(), m.id)).map((h) => h.status).sort()).toEqual([
      "CLAWED_BACK",
      "CLAWED_BACK",
      "CLEARED",
    ]);

    const audit = await queryRows<{ action: string; reason: string; target_id: string }>(
      db(),
      sql`select action, reason, target_id from audit_events
          where target_profile_id = ${m.id} order by action desc, reason`,
    );
    expect(audit).toEqual([
      { action: "hold.clear", reason: "known good member", target_id: first },
      { action: "hold.claw_back", reason: "bot traffic", target_id: second },
      { action: "hold.claw_back", reason: "fraud ring", target_id: third },
    ]);
  });

  it("lists held credits in activity and the CSV, apart from the available balance", async () => {
    const m = await member(5n);
    const hold = await fundHeld(db(), m.id, 12n, { now: clock.now() });
    const clearsAt = new Date(clock.now().getTime() + 24 * HOUR).toISOString();
    const page = (await m.c.request("GET", "/api/activity")).json();
    expect(page.entries[0]).toMatchObject({
      kind: "watch_reward",
      amount: "12",
      balanceAfter: "12",
      account: "held",
      clearsAt,
      holdStatus: "HELD",
    });
    expect(page.entries[1]).toMatchObject({
      kind: "adjustment",
      account: "available",
      clearsAt: null,
    });
    let csv = (await m.c.request("GET", "/api/activity.csv")).body.trim().split("\n");
    expect(csv[0]).toBe(
      "date,kind,currency,amount,balance_after,counterparty,transaction_id,balance,clears_at",
    );
    expect(csv[1]).toMatch(
      new RegExp(`^[^,]+,watch_reward,VIEWS,12,12,,[0-9a-f-]+,pending,${clearsAt}$`),
    );
    expect(csv[2]).toMatch(/,adjustment,VIEWS,5,5,,[0-9a-f-]+,available,$/);

    await clearHold(t.app.money, clock, hold, staff, "verified");
    csv = (await m.c.request("GET", "/api/activity.csv")).body.trim().split("\n");
    // The clearing: out of the pending balance, into the available one (one posting).
    const cells = (line: string | undefined) => {
      const c = (line ?? "").split(",");
      return [c[1], c[3], c[4], c[7], c[8]];
    };
    expect(csv.slice(1, 3).map(cells)).toEqual([
      ["hold_clear", "-12", "0", "pending", ""],
      ["hold_clear", "12", "17", "available", ""],
    ]);
  });
});
