import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createDeskStaff,
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
} from "../../../test/factories";
import { auditEvents, mailOutbox } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const SUPPORT_INBOX = "support-inbox@viewvault.test";

let t: TestApp;
const clock = fixedClock("2026-11-20T12:00:00Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
      SUPPORT_EMAIL: SUPPORT_INBOX,
    },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

const staff = (role: "support" | "admin") => createDeskStaff(t.app, role);

function setStatus(s: SignedInMember, requestId: string, body: Record<string, unknown>) {
  return s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, body);
}

describe("the support desk", () => {
  it("is for staff with 2FA, behind the password gate", async () => {
    const member = await createSignedInMember(t.app);
    expect((await member.c.request("GET", "/api/support/desk/requests")).statusCode).toBe(403);
    const s = await createSignedInMember(t.app, { role: "support", twoFactor: true });
    const locked = await s.c.request("GET", "/api/support/desk/requests");
    expect(locked.json()).toMatchObject({ code: "SUPPORT_DESK_LOCKED" });
    const denied = await s.c.request("POST", "/api/support/desk/unlock", { password: "wrong-one" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe("Access Denied: Invalid password");
    const granted = await s.c.request("POST", "/api/support/desk/unlock", {
      password: TEST_PASSWORD,
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().unlockedUntil).toBe("2026-11-20T12:15:00.000Z");
    expect((await s.c.request("GET", "/api/support/desk/requests")).statusCode).toBe(200);
    // The unlock expires after 15 minutes.
    const before = clock.now();
    clock.advance(15 * 60_000 + 1);
    try {
      expect((await s.c.request("GET", "/api/support/desk/requests")).json().code).toBe(
        "SUPPORT_DESK_LOCKED",
      );
    } finally {
      clock.set(before);
    }
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.actorProfileId, s.id));
    expect(audit.map((a) => a.action).sort()).toEqual(["support.unlock", "support.unlock_denied"]);
    expect(audit[0]).toMatchObject({ actorRole: "support", targetType: "support_desk" });
    expect(audit[0]?.address).toBeTruthy();
  });

  it("lets members open requests and staff filter, page and set any status of them", async () => {
    const m = await createSignedInMember(t.app);
    const opened = await m.c.request("POST", "/api/support/requests", {
      requestType: "PAYMENT",
      message: "Where is my bonus?",
    });
    expect(opened.statusCode).toBe(201);
    const mine = opened.json().requests;
    expect(mine[0]).toMatchObject({
      requestType: "PAYMENT",
      status: "PENDING",
      username: m.user.username,
    });
    const s = await staff("support");
    const list = await s.c.request(
      "GET",
      `/api/support/desk/requests?member=${m.user.username}&type=PAYMENT`,
    );
    expect(list.json()).toMatchObject({ total: 1, page: 1 });
    for (const status of ["PROCESSING", "COMPLETED", "PENDING"]) {
      const res = await setStatus(s, mine[0].id, { status });
      expect(res.json().status).toBe(status);
    }
    const filtered = await s.c.request(
      "GET",
      "/api/support/desk/requests?status=PENDING&type=PAYMENT",
    );
    expect(filtered.json().requests.every((r: { status: string }) => r.status === "PENDING")).toBe(
      true,
    );
  });

  it("keeps a thread per request; a staff reply e-mails the member and is audited", async () => {
    const m = await createSignedInMember(t.app);
    const other = await createSignedInMember(t.app);
    const opened = await m.c.request("POST", "/api/support/requests", {
      requestType: "ACCOUNT",
      message: "I cannot change my username",
    });
    const requestId = opened.json().requests[0].id;
    const path = `/api/support/requests/${requestId}/messages`;
    expect((await m.c.request("POST", path, { body: "  " })).statusCode).toBe(400);
    expect((await m.c.request("POST", path, { body: "It says taken" })).statusCode).toBe(200);
    expect((await other.c.request("GET", path)).json().code).toBe("NOT_FOUND");
    expect((await other.c.request("POST", path, { body: "hi" })).json().code).toBe("NOT_FOUND");
    const s = await staff("support");
    clock.advance(1_000);
    const reply = await s.c.request("POST", `/api/support/desk/requests/${requestId}/messages`, {
      body: "Fixed it for you",
    });
    expect(reply.statusCode).toBe(200);
    const thread = (await m.c.request("GET", path)).json().messages;
    expect(thread).toMatchObject([
      { author: m.user.username, fromStaff: false, body: "It says taken" },
      { author: s.user.username, fromStaff: true, body: "Fixed it for you" },
    ]);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.profileId, m.id));
    expect(mails.map((x) => x.template)).toContain("supportReply");
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.targetId, requestId));
    expect(audit).toMatchObject([{ action: "support.reply", actorProfileId: s.id }]);
  });

  it("keeps the audit log append-only", async () => {
    await staff("support");
    const refusal = (query: ReturnType<typeof sql>) =>
      db()
        .execute(query)
        .then(
          () => "allowed",
          (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
        );
    expect(await refusal(sql`update audit_events set action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/append-only/);
  });
});
