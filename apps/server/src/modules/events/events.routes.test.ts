import { MILESTONES } from "@viewvault/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, TEST_PASSWORD, USDT } from "../../../test/factories";
import {
  auditEvents,
  dailyEventClaims,
  eventClaims,
  milestoneLevels,
  profiles,
  referrals,
} from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

// 22 November 2026, 12:00 in Los Angeles (PST, UTC−8): an hour before the daily opening.
const clock = fixedClock("2026-11-22T20:00:00Z");
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    clock,
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

const member = (overrides: Parameters<typeof createSignedInMember>[1] = {}) =>
  createSignedInMember(t.app, overrides);
type Member = Awaited<ReturnType<typeof member>>;

async function balances(m: Member) {
  return (await m.c.request("GET", "/api/balances")).json() as { views: string; usdt: string };
}
async function events(m: Member) {
  return (await m.c.request("GET", "/api/events")).json();
}
const claimDaily = (m: Member, key?: string) =>
  m.c.request("POST", "/api/events/daily/claim", undefined, key ? { "idempotency-key": key } : {});
const claimAnnual = (m: Member) => m.c.request("POST", "/api/events/annual/claim");

describe("Daily First Claim", () => {
  it("counts down before 13:00 Los Angeles time and refuses a claim", async () => {
    clock.set("2026-11-22T20:59:59Z");
    const a = await member();
    const state = await events(a);
    expect(state.daily).toMatchObject({
      date: "2026-11-22",
      open: false,
      opensAt: "2026-11-22T21:00:00.000Z",
      winner: null,
      ineligible: null,
    });
    const early = await claimDaily(a);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: "EVENT_NOT_OPEN",
      message: "Today's reward opens at 13:00 Los Angeles time.",
    });
  });

  it("pays the first claimant 100 views once; the next is Too Late, in their language", async () => {
    clock.set("2026-11-22T21:00:00Z");
    const a = await member();
    const b = await member();
    const c = await member({ locale: "pt-BR" });
    const won = await claimDaily(a, "daily-claim-key-1");
    expect(won.statusCode).toBe(201);
    expect(won.json()).toMatchObject({ date: "2026-11-22", rewardViews: "100" });
    expect((await balances(a)).views).toBe("100");
    // the same intent again replays the answer without paying twice
    const replay = await claimDaily(a, "daily-claim-key-1");
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await balances(a)).views).toBe("100");

    const late = await claimDaily(b);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: "EVENT_ALREADY_CLAIMED",
      message: "Too Late! Someone else already claimed today's reward",
    });
    expect((await claimDaily(c)).json().message).toBe(
      "Tarde demais! Outra pessoa já resgatou a recompensa de hoje",
    );
    expect((await balances(b)).views).toBe("0");
    const state = await events(b);
    expect(state.daily.winner).toEqual({ id: a.id, username: a.profile.username });
    expect(state.daily.nextOpensAt).toBe("2026-11-23T21:00:00.000Z");

    const winners = (await b.c.request("GET", "/api/events/daily/winners")).json();
    expect(winners.winners[0]).toMatchObject({ date: "2026-11-22", winner: { id: a.id } });
  });

  it("refuses members without a confirmed e-mail", async () => {
    clock.set("2026-11-23T21:30:00Z");
    const u = await member({ emailVerified: false });
    expect((await events(u)).daily.ineligible).toBe("emailUnconfirmed");
    const res = await claimDaily(u);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "EVENT_NOT_ELIGIBLE",
      message: "Confirm your e-mail address to take part in the events.",
    });
  });

  it("a winner waits 7 Los Angeles dates before winning again", async () => {
    clock.set("2026-11-24T21:00:01Z");
    const a = await member();
    expect((await claimDaily(a)).statusCode).toBe(201);
    for (const day of [25, 30]) {
      clock.set(`2026-11-${day}T21:00:01Z`);
      const res = await claimDaily(a);
      expect(res.statusCode, `day ${day}`).toBe(403);
      expect(res.json()).toMatchObject({
        code: "EVENT_NOT_ELIGIBLE",
        message: "You won the Daily First Claim in the last 7 days. Give someone else a chance!",
      });
      expect((await events(a)).daily.ineligible).toBe("recentWin");
    }
    clock.set("2026-12-01T21:00:01Z");
    expect((await claimDaily(a)).statusCode).toBe(201);
    expect((await balances(a)).views).toBe("200");
  });

  it("once the winner is committed, answers everyone else Too Late from memory (ADR 037)", async () => {
    clock.set("2026-12-10T21:00:02Z");
    const a = await member();
    const b = await member();
    expect((await claimDaily(a, "daily-memory-key")).statusCode).toBe(201);
    // Without the winner's row the database would pay b: the answer comes from this process.
    const [row] = await db()
      .delete(dailyEventClaims)
      .where(eq(dailyEventClaims.claimDate, "2026-12-10"))
      .returning();
    try {
      // More claims than the route's rate limit (10 a minute): no counter is written either.
      for (let i = 0; i < 12; i++) {
        const late = await claimDaily(b);
        expect(late.statusCode, `claim ${i + 1}`).toBe(409);
        expect(late.json().message).toBe("Too Late! Someone else already claimed today's reward");
      }
      expect((await balances(b)).views).toBe("0");
      // The winner's own retry still reaches the database (its stored answer).
      const replay = await claimDaily(a, "daily-memory-key");
      expect(replay.headers["idempotent-replayed"]).toBe("true");
    } finally {
      if (row) await db().insert(dailyEventClaims).values(row);
    }
    // The next Los Angeles date starts unknown.
    clock.set("2026-12-11T21:00:02Z");
    expect((await claimDaily(b)).statusCode).toBe(201);
  });
});

describe("annual 1 Million Views event", () => {
  it("is for verified accounts; one winner a year; LIVE again on 1 January", async () => {
    clock.set("2026-12-31T23:59:59Z");
    const unverified = await member();
    const res = await claimAnnual(unverified);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: "EVENT_NOT_ELIGIBLE",
      message: "The annual prize is for verified accounts. Verify your account first.",
    });

    const a = await member();
    const b = await member();
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, a.id));
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, b.id));
    expect((await events(a)).annual).toMatchObject({ year: 2026, winner: null, ineligible: null });
    const won = await claimAnnual(a);
    expect(won.statusCode).toBe(201);
    expect(won.json()).toMatchObject({ year: 2026, rewardViews: "1000000" });
    expect((await balances(a)).views).toBe("1000000");
    const late = await claimAnnual(b);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: "EVENT_ALREADY_CLAIMED",
      message: "Someone already claimed this year's reward!",
    });
    const state = await events(b);
    expect(state.annual.winner).toEqual({ id: a.id, username: a.profile.username });
    expect(state.annual.nextOpensAt).toBe("2027-01-01T00:00:00.000Z");

    clock.set("2027-01-01T00:00:00Z");
    expect((await events(b)).annual).toMatchObject({ year: 2027, winner: null });
    expect((await claimAnnual(b)).statusCode).toBe(201);
    clock.set("2026-11-22T20:00:00Z");
  });
});

describe("milestone rewards", () => {
  it("the levels in the database are the shared constants", async () => {
    const rows = await db().select().from(milestoneLevels).orderBy(milestoneLevels.views);
    expect(rows.map((r) => [r.views, r.rewardUsdt])).toEqual(
      MILESTONES.map((m) => [m.views, m.rewardMicroUsdt]),
    );
  });

  it("count earned views only, are created once per level and claimed once through the ledger", async () => {
    clock.set("2026-12-31T12:00:00Z");
    const a = await member({ views: 5_000n });
    // funding (an adjustment) and transfers are not earnings
    const rewards0 = (await a.c.request("GET", "/api/rewards")).json();
    expect(rewards0).toEqual({ earnedViews: "0", bonuses: [], milestones: [] });

    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, a.id));
    clock.set("2030-06-01T12:00:00Z");
    expect((await claimAnnual(a)).statusCode).toBe(201);
    const rewards = (await a.c.request("GET", "/api/rewards")).json();
    expect(rewards.earnedViews).toBe("1000000");
    expect(
      rewards.milestones.map((m: { milestoneViews: string; rewardUsdt: string }) => [
        m.milestoneViews,
        m.rewardUsdt,
      ]),
    ).toEqual([
      ["1000", String(USDT(10))],
      ["5000", String(USDT(50))],
      ["10000", String(USDT(100))],
    ]);
    const first = rewards.milestones[0].id;
    const claimed = await a.c.request("POST", `/api/rewards/milestones/${first}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().rewardUsdt).toBe(String(USDT(10)));
    expect((await balances(a)).usdt).toBe(String(USDT(10)));
    const again = await a.c.request("POST", `/api/rewards/milestones/${first}/claim`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This milestone reward was already claimed.");
    expect((await a.c.request("GET", "/api/rewards")).json().milestones).toHaveLength(2);
    clock.set("2026-11-22T20:00:00Z");
  });
});

describe("event bonus", () => {
  it("staff grant it (audited); the member claims it once; the referrer earns 1 %", async () => {
    const admin = await member({ role: "admin", twoFactor: true });
    const plain = await member();
    const referrer = await member();
    const m = await member();
    await db().insert(referrals).values({
      referrerUserId: referrer.id,
      referredUserId: m.id,
      viewsBonus: 0n,
      usdtBonus: 0n,
      status: "PAID",
    });

    const forbidden = await plain.c.request("POST", `/api/admin/members/${m.id}/bonuses`, {
      amount: "25",
      reason: "Launch week",
    });
    expect(forbidden.statusCode).toBe(403);
    // Money for a member: the admin confirms who they are first (ADR 029).
    const unconfirmed = await admin.c.request(
      "POST",
      `/api/admin/members/${m.id}/bonuses`,
      { amount: "25", reason: "Launch week" },
      { "idempotency-key": "grant-unconfirmed-1" },
    );
    expect(unconfirmed.json().code).toBe("STEP_UP_REQUIRED");
    const confirmed = await admin.c.request("POST", "/api/admin/step-up", {
      password: TEST_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);

    const bad = await admin.c.request(
      "POST",
      `/api/admin/members/${m.id}/bonuses`,
      { amount: "-3", reason: "x" },
      { "idempotency-key": "grant-bad-amount-1" },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("INVALID_AMOUNT");
    const granted = await admin.c.request(
      "POST",
      `/api/admin/members/${m.id}/bonuses`,
      { amount: "25", reason: "Launch week" },
      { "idempotency-key": "grant-launch-week-1" },
    );
    expect(granted.statusCode).toBe(201);
    const bonus = granted.json();
    expect(bonus).toMatchObject({ status: "AVAILABLE", claimAmount: String(USDT(25)) });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetProfileId, m.id));
    expect(audit.map((e) => e.action)).toContain("bonus.grant");

    const listed = (await m.c.request("GET", "/api/rewards")).json();
    expect(listed.bonuses).toHaveLength(1);
    // nobody else can claim it
    const other = await plain.c.request("POST", `/api/rewards/bonuses/${bonus.id}/claim`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("Bonus not found");

    const claimed = await m.c.request("POST", `/api/rewards/bonuses/${bonus.id}/claim`);
    expect(claimed.statusCode).toBe(200);
    expect((await balances(m)).usdt).toBe(String(USDT(25)));
    expect((await balances(referrer)).usdt).toBe("250000");
    const twice = await m.c.request("POST", `/api/rewards/bonuses/${bonus.id}/claim`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "EVENT_ALREADY_CLAIMED" });
    expect((await balances(m)).usdt).toBe(String(USDT(25)));
    expect((await m.c.request("GET", "/api/rewards")).json().bonuses).toEqual([]);
  });

  it("a grant needs an Idempotency-Key: the same key grants once, another body is refused", async () => {
    const admin = await member({ role: "admin", twoFactor: true });
    const m = await member();
    const other = await member();
    const stepUp = await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    expect(stepUp.statusCode).toBe(200);
    const grant = (to: string, body: { amount: string; reason: string }, key?: string) =>
      admin.c.request(
        "POST",
        `/api/admin/members/${to}/bonuses`,
        body,
        key ? { "idempotency-key": key } : {},
      );
    const rows = async (profileId: string) =>
      (await db().select().from(eventClaims).where(eq(eventClaims.userId, profileId))).length;

    const keyless = await grant(m.id, { amount: "7", reason: "No key" });
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().code).toBe("VALIDATION_FAILED");
    expect(await rows(m.id)).toBe(0);

    const first = await grant(m.id, { amount: "7", reason: "Quiz night" }, "grant-quiz-night-1");
    expect(first.statusCode).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const again = await grant(m.id, { amount: "7", reason: "Quiz night" }, "grant-quiz-night-1");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await rows(m.id)).toBe(1);
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetProfileId, m.id), eq(auditEvents.action, "bonus.grant")));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.actorProfileId).toBe(admin.id);

    const otherBody = await grant(
      m.id,
      { amount: "8", reason: "Quiz night" },
      "grant-quiz-night-1",
    );
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    const otherMember = await grant(
      other.id,
      { amount: "7", reason: "Quiz night" },
      "grant-quiz-night-1",
    );
    expect(otherMember.statusCode).toBe(422);
    expect(otherMember.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await rows(m.id)).toBe(1);
    expect(await rows(other.id)).toBe(0);

    // A new key is a new intent: a second bonus.
    const second = await grant(m.id, { amount: "7", reason: "Quiz night" }, "grant-quiz-night-2");
    expect(second.statusCode).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    expect((await m.c.request("GET", "/api/rewards")).json().bonuses).toHaveLength(2);
  });
});

describe("presence", () => {
  it("online on a heartbeat, offline when told or after 90 s of silence", async () => {
    const a = await member();
    const b = await member();
    const ask = async () =>
      (await b.c.request("GET", `/api/presence?ids=${a.id},${b.id}`)).json().online;
    expect(await ask()).toEqual([]);
    expect((await a.c.request("POST", "/api/presence", { state: "online" })).statusCode).toBe(204);
    expect(await ask()).toEqual([a.id]);
    expect((await a.c.request("POST", "/api/presence", { state: "offline" })).statusCode).toBe(204);
    expect(await ask()).toEqual([]);
    await a.c.request("POST", "/api/presence", { state: "online" });
    clock.advance(90_000);
    expect(await ask()).toEqual([a.id]);
    clock.advance(1_000);
    expect(await ask()).toEqual([]);
    const bad = await b.c.request("GET", "/api/presence?ids=not-an-id");
    expect(bad.statusCode).toBe(400);
  });
});
