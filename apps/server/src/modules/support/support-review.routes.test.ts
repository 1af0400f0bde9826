import { riskLevelOf } from "@viewvault/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createDeskStaff,
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { auditEvents, memberEnforcement, profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";
import { upsertRisk } from "../risk/risk.repository";

/**
 * The desk's "Ask an admin to review" (ADR 071): support records a request for the review of a
 * withdrawing member in risk review; the desk and the fraud queue show it; the admin's review
 * closes it.
 */

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

let t: TestApp;
let keys = 0;
const clock = fixedClock("2026-11-28T12:00:00Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

const staff = (role: "support" | "admin") => createDeskStaff(t.app, role);

/** A member's withdrawal (its desk request's id), the member at `score` (60+ is high risk). */
async function withdrawing(score: number) {
  const m = await createSignedInMember(t.app, { usdt: USDT(200) });
  await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
  const res = await m.c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "ERC20", walletAddress: EVM, amount: "200" },
    { "idempotency-key": `review-request-${++keys}` },
  );
  expect(res.statusCode, res.body).toBe(201);
  const reasons = [{ code: "lockstep", points: score, params: { accounts: 2, sessions: 1 } }];
  await upsertRisk(
    db(),
    [{ memberId: m.id, score, level: riskLevelOf(score), reasons }],
    clock.now(),
  );
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`select id from support_requests where withdrawal_id = ${res.json().withdrawal.id}`,
  );
  return { member: m, requestId: row?.id as string };
}

const ask = (who: SignedInMember, requestId: string, body: unknown = {}) =>
  who.c.request("POST", `/api/support/desk/requests/${requestId}/review-request`, body);

async function deskRisk(who: SignedInMember, username: string) {
  const list = await who.c.request("GET", `/api/support/desk/requests?member=${username}`);
  expect(list.statusCode, list.body).toBe(200);
  return list.json().requests[0].risk;
}

const auditOf = (memberId: string, action: string) =>
  db()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetProfileId, memberId), eq(auditEvents.action, action)));

describe("asking an admin to review a member in risk review", () => {
  it("records support's request once, shows it on the desk and in the fraud queue, and the admin's clear closes it", async () => {
    const { member, requestId } = await withdrawing(80);
    const support = await staff("support");
    expect(await deskRisk(support, member.user.username)).toMatchObject({
      inReview: true,
      reviewRequest: null,
    });

    const asked = await ask(support, requestId, { note: "  Wants it today; lockstep with 2  " });
    expect(asked.statusCode, asked.body).toBe(200);
    const open = {
      requestedAt: clock.now().toISOString(),
      requestedBy: { id: support.id, username: support.user.username },
      note: "Wants it today; lockstep with 2",
    };
    expect(asked.json()).toEqual(open);
    expect(await deskRisk(support, member.user.username)).toMatchObject({
      inReview: true,
      reviewRequest: open,
    });
    const [row] = await auditOf(member.id, "support.review_request");
    expect(row).toMatchObject({
      actorProfileId: support.id,
      actorRole: "support",
      targetType: "support_request",
      targetId: requestId,
      reason: "Wants it today; lockstep with 2",
      before: { level: "high", score: 80 },
      after: { reviewRequestedAt: clock.now().toISOString() },
      createdAt: clock.now(),
    });
    expect(row?.address).toBeTruthy();

    // Asking again (another staff member, later) answers the open request and writes nothing.
    clock.advance(60_000);
    const again = await ask(await staff("admin"), requestId, { note: "me too" });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(open);
    expect(await auditOf(member.id, "support.review_request")).toHaveLength(1);

    // The fraud queue lists the member first among high-risk members, with the request.
    const admin = await staff("admin");
    await withdrawing(95); // a higher score, not asked about
    const queue = (await admin.c.request("GET", "/api/fraud/queue")).json();
    expect(queue.highRisk[0]).toMatchObject({ member: { id: member.id }, reviewRequest: open });
    expect(queue.highRisk[1].reviewRequest).toBeNull();

    // The admin's clear closes the request in its transaction; its audit row names it.
    expect(
      (await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD })).statusCode,
    ).toBe(200);
    const cleared = await admin.c.request("POST", `/api/fraud/members/${member.id}/clear`, {
      reason: "Checked by video call",
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().member.reviewRequest).toBeNull();
    expect(await deskRisk(support, member.user.username)).toMatchObject({
      inReview: false,
      reviewRequest: null,
    });
    const [clear] = await auditOf(member.id, "fraud.clear");
    expect(clear?.before).toMatchObject({ reviewRequestedAt: open.requestedAt });
    // Reviewed: nothing left to ask.
    const late = await ask(support, requestId);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json()).toMatchObject({ code: "CONFLICT", params: { context: "notInRiskReview" } });
  });

  it("refuses a member not in review (409), bad input (400) and members (403), writing nothing", async () => {
    const support = await staff("support");
    const normal = await withdrawing(30);
    const refused = await ask(support, normal.requestId, { note: "just in case" });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe("CONFLICT");
    expect(refused.json().message).toMatch(/not in risk review/);

    const high = await withdrawing(70);
    for (const body of [{ note: "x".repeat(501) }, { note: 42 }, { note: ["a"] }]) {
      const bad = await ask(support, high.requestId, body);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().code).toBe("VALIDATION_FAILED");
    }
    const member = await createSignedInMember(t.app);
    expect((await ask(member, high.requestId)).statusCode).toBe(403);
    expect((await ask(high.member, high.requestId)).statusCode).toBe(403);

    for (const id of [normal.member.id, high.member.id]) {
      expect(await auditOf(id, "support.review_request")).toEqual([]);
      const [row] = await db()
        .select({ at: memberEnforcement.reviewRequestedAt })
        .from(memberEnforcement)
        .where(eq(memberEnforcement.memberId, id));
      expect(row?.at ?? null).toBeNull();
    }
    // A request that is not a withdrawal has no member to review.
    const asker = await createSignedInMember(t.app);
    const opened = await asker.c.request("POST", "/api/support/requests", {
      requestType: "OTHER",
      message: "Hello",
    });
    const question = opened.json().requests[0].id as string;
    expect((await ask(support, question)).json().code).toBe("NOT_FOUND");
  });
});
