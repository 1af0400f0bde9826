import { MILESTONES } from "@viewvault/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, TEST_PASSWORD, USDT } from "../../../test/factories";
import { auditEvents, eventClaims, milestoneLevels, profiles, referrals } from "../../db/schema";
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
const claimAnnual = (m: Member) => m.c.request("POST", "/api/events/annual/claim");

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
