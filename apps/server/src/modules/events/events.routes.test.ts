import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { dailyEventClaims, profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";

// 22 November 2026, 12:00 in Los Angeles (PST, UTC−8): an hour before the daily opening.
const clock = fixedClock("2026-11-22T20:00:00Z");
const db = () => t.database.db;

const t = useTestApp({
  env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  clock,
  verifyLedger: true,
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
