import { ADMIN, INVITE, REFERRAL } from "@viewvault/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createSignedInMember,
  heldReferral,
  memberFactory,
  type SignedInMember,
  TEST_PASSWORD,
} from "../../../test/factories";
import { fixedClock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import { verifyLedger } from "../ledger/verify-ledger";

let t: TestApp;
let admin: SignedInMember;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

async function stepUp(who: SignedInMember = admin) {
  const res = await who.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every admin route of the OpenAPI document, each with a request that reaches its handler. */
const ADMIN_ROUTES: Record<string, { method: "GET" | "POST" | "PUT"; body?: unknown }> = {
  "/api/admin/overview": { method: "GET" },
  "/api/admin/ledger/check": { method: "POST" },
  "/api/admin/reserves/snapshots": { method: "POST" },
  "/api/admin/web-vitals": { method: "GET" },
  "/api/admin/members": { method: "GET" },
  "/api/admin/members/{profileId}": { method: "GET" },
  "/api/admin/members/{profileId}/suspension": {
    method: "PUT",
    body: { suspended: true, reason: "x" },
  },
  "/api/admin/members/{profileId}/role": { method: "PUT", body: { role: "support", reason: "x" } },
  "/api/admin/members/{profileId}/sessions/revoke": { method: "POST", body: { reason: "x" } },
  "/api/admin/referrals/held": { method: "GET" },
  "/api/admin/referrals/{referralId}/approve": { method: "POST", body: { reason: "x" } },
  "/api/admin/referrals/{referralId}/reject": { method: "POST", body: { reason: "x" } },
  "/api/admin/audit": { method: "GET" },
  "/api/admin/audit.csv": { method: "GET" },
  "/api/admin/step-up": { method: "GET" },
  "/api/admin/members/{profileId}/bonuses": {
    method: "POST",
    body: { amount: "1", reason: "x" },
  },
  "/api/admin/withdrawals/awaiting-approval": { method: "GET" },
  "/api/admin/withdrawals/{requestId}/approve": { method: "POST" },
  "/api/admin/withdrawals/{requestId}/reject": { method: "POST", body: { reason: "x" } },
};

describe("who may use the admin API", () => {
  it("lists every admin route, and refuses anonymous, members, support and admins without 2FA", async () => {
    const doc = t.app.swagger() as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths).filter((p) => p.startsWith("/api/admin"));
    expect(paths.sort()).toEqual(Object.keys(ADMIN_ROUTES).sort());
    const member = await createSignedInMember(t.app);
    const support = await createSignedInMember(t.app, { role: "support", twoFactor: true });
    const no2fa = await createSignedInMember(t.app, { role: "admin" });
    const id = (await createSignedInMember(t.app)).id;
    for (const [path, { method, body }] of Object.entries(ADMIN_ROUTES)) {
      const url = path
        .replace("{profileId}", id)
        .replace("{referralId}", id)
        .replace("{requestId}", id);
      const anonymous = await client(t.app).request(method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect((await member.c.request(method, url, body)).json().code).toBe("FORBIDDEN");
      expect((await support.c.request(method, url, body)).json().code).toBe("FORBIDDEN");
      expect((await no2fa.c.request(method, url, body)).json().code).toBe("TWO_FACTOR_REQUIRED");
    }
    // The POST of step-up is the same path as its GET.
    const post = await member.c.request("POST", "/api/admin/step-up", { password: "x" });
    expect(post.json().code).toBe("FORBIDDEN");
  });
});

describe("member search", () => {
  it("finds by username or e-mail prefix and by id, a page at a time", async () => {
    const prefix = `srch${Date.now() % 100000}`;
    const made = [];
    for (let i = 0; i < ADMIN.searchPageSize + 3; i++) {
      made.push(
        await memberFactory.create(
          { username: `${prefix}_${String(i).padStart(2, "0")}` },
          { transient: { db: db() } },
        ),
      );
    }
    const first = (
      await admin.c.request("GET", `/api/admin/members?q=${prefix.toUpperCase()}`)
    ).json();
    expect(first.members).toHaveLength(ADMIN.searchPageSize);
    expect(first.members[0].username).toBe(`${prefix}_00`);
    expect(first.next).toBe(`${prefix}_${ADMIN.searchPageSize - 1}`);
    const second = (
      await admin.c.request(
        "GET",
        `/api/admin/members?q=${prefix}&after=${encodeURIComponent(first.next)}`,
      )
    ).json();
    expect(second.members.map((m: { username: string }) => m.username)).toEqual([
      `${prefix}_25`,
      `${prefix}_26`,
      `${prefix}_27`,
    ]);
    expect(second.next).toBeNull();

    const target = made[3];
    if (!target) throw new Error("no member");
    const byEmail = (await admin.c.request("GET", `/api/admin/members?q=${target.email}`)).json();
    expect(byEmail.members.map((m: { id: string }) => m.id)).toEqual([target.profile.id]);
    const byId = (await admin.c.request("GET", `/api/admin/members?q=${target.profile.id}`)).json();
    expect(byId.members).toEqual([expect.objectContaining({ username: target.username })]);
    // LIKE's wildcards are literal characters here.
    const wild = (await admin.c.request("GET", "/api/admin/members?q=%25_")).json();
    expect(wild.members).toEqual([]);
  });
});

describe("suspend, reinstate, revoke sessions", () => {
  it("signs the member out, records who, role, reason, before/after and address", async () => {
    const m = await createSignedInMember(t.app);
    const url = `/api/admin/members/${m.id}/suspension`;
    const noReason = await admin.c.request("PUT", url, { suspended: true, reason: "  " });
    expect(noReason.statusCode).toBe(400);
    const res = await admin.c.request("PUT", url, { suspended: true, reason: "spam farm" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(401);
    // Audit rows carry the command's clock: a millisecond later, the reinstatement is the newer.
    clock.advance(1);
    expect(
      (await admin.c.request("PUT", url, { suspended: false, reason: "appeal accepted" })).json()
        .suspended,
    ).toBe(false);

    const detail = (await admin.c.request("GET", `/api/admin/members/${m.id}`)).json();
    expect(detail.member.suspended).toBe(false);
    expect(detail.audit.map((e: { action: string }) => e.action)).toEqual([
      "member.reinstate",
      "member.suspend",
    ]);
    expect(detail.audit[1]).toMatchObject({
      actor: { id: admin.id },
      actorRole: "admin",
      reason: "spam farm",
      before: { suspended: false },
      after: { suspended: true },
      address: admin.c.ip,
      target: { id: m.id },
    });
  });

  it("revokes every session of a member", async () => {
    const m = await createSignedInMember(t.app);
    const before = (await admin.c.request("GET", `/api/admin/members/${m.id}`)).json();
    expect(before.sessions).toHaveLength(1);
    const res = await admin.c.request("POST", `/api/admin/members/${m.id}/sessions/revoke`, {
      reason: "lost phone",
    });
    expect(res.json()).toEqual({ revoked: 1 });
    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(401);
  });

  it("refuses suspending oneself", async () => {
    const res = await admin.c.request("PUT", `/api/admin/members/${admin.id}/suspension`, {
      suspended: true,
      reason: "x",
    });
    expect(res.json()).toMatchObject({ code: "FORBIDDEN", params: { context: "selfSuspend" } });
  });
});

describe("held referrals", () => {
  it("lists the held referral with its evidence, pays it once on approval", async () => {
    await stepUp();
    const held = await heldReferral(db());
    const queue = (await admin.c.request("GET", "/api/admin/referrals/held")).json();
    const item = queue.referrals.find((r: { id: string }) => r.id === held.id);
    expect(item).toMatchObject({
      status: "HELD",
      flagReason: expect.stringContaining("same network"),
      refereeSignupIp: held.referrer.profile.signupIp,
      referrerSignupIp: held.referrer.profile.signupIp,
      accountsOnNetwork: 2,
    });

    const url = `/api/admin/referrals/${held.id}/approve`;
    const key = { "idempotency-key": `approve-${held.id}` };
    const res = await admin.c.request("POST", url, { reason: "siblings" }, key);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().referral).toMatchObject({ status: "PAID", decisionReason: "siblings" });
    const replay = await admin.c.request("POST", url, { reason: "siblings" }, key);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    const again = await admin.c.request("POST", url, { reason: "siblings" });
    expect(again.json()).toMatchObject({
      code: "CONFLICT",
      params: { context: "referralDecided" },
    });

    expect((await readBalances(db(), held.referrer.profile.id)).views).toBe(
      REFERRAL.signupRewardViews,
    );
    const commission = (INVITE.signupBonusMicroUsdt * REFERRAL.commissionBasisPoints) / 10000n;
    expect((await readBalances(db(), held.referrer.profile.id)).usdt).toBe(commission);
    expect((await readBalances(db(), held.referee.profile.id)).usdt).toBe(
      INVITE.signupBonusMicroUsdt,
    );
    const audit = (
      await admin.c.request(
        "GET",
        `/api/admin/audit?action=referral.approve&target=${held.referee.username}`,
      )
    ).json();
    expect(audit.events).toHaveLength(1);
    expect(audit.events[0]).toMatchObject({ reason: "siblings", actorRole: "admin" });
    // The CSV row holds both what the approval paid: the referrer's views and the member's USDT.
    const csv = await admin.c.request(
      "GET",
      `/api/admin/audit.csv?action=referral.approve&target=${held.referee.username}`,
    );
    const [header, line] = csv.body.trim().split("\n");
    const columns = (header ?? "").split(",");
    const cells = (line ?? "").split(",");
    expect(cells[columns.indexOf("views")]).toBe(String(REFERRAL.signupRewardViews));
    expect(cells[columns.indexOf("usdt")]).toBe(String(INVITE.signupBonusMicroUsdt));
  });

  it("rejects with a reason and pays nothing; a decided referral stays decided", async () => {
    await stepUp();
    const held = await heldReferral(db());
    const res = await admin.c.request("POST", `/api/admin/referrals/${held.id}/reject`, {
      reason: "same person",
    });
    expect(res.json().referral).toMatchObject({
      status: "REJECTED",
      decisionReason: "same person",
    });
    const approve = await admin.c.request("POST", `/api/admin/referrals/${held.id}/approve`, {
      reason: "changed my mind",
    });
    expect(approve.json().code).toBe("CONFLICT");
    const reject = await admin.c.request("POST", `/api/admin/referrals/${held.id}/reject`, {
      reason: "again",
    });
    expect(reject.json().code).toBe("CONFLICT");
    expect(await readBalances(db(), held.referee.profile.id)).toMatchObject({ usdt: 0n });
    const missing = await admin.c.request(
      "POST",
      "/api/admin/referrals/00000000-0000-4000-8000-000000000000/reject",
      { reason: "x" },
    );
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND", params: { context: "referral" } });
  });

  it("needs a step-up to approve", async () => {
    const fresh = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    const held = await heldReferral(db());
    const res = await fresh.c.request("POST", `/api/admin/referrals/${held.id}/approve`, {
      reason: "x",
    });
    expect(res.json().code).toBe("STEP_UP_REQUIRED");
  });

  it("shows a shared network with the referrer on the member page", async () => {
    const held = await heldReferral(db());
    const detail = (
      await admin.c.request("GET", `/api/admin/members/${held.referee.profile.id}`)
    ).json();
    expect(detail.referrer).toMatchObject({ id: held.referrer.profile.id });
    expect(detail.flags).toContainEqual(
      expect.objectContaining({ kind: "sharedNetwork", address: held.referrer.profile.signupIp }),
    );
    expect(detail.flags).toContainEqual(expect.objectContaining({ kind: "sharedDevice" }));
    const referrer = (
      await admin.c.request("GET", `/api/admin/members/${held.referrer.profile.id}`)
    ).json();
    expect(referrer.referrals).toEqual([
      expect.objectContaining({
        referee: expect.objectContaining({ id: held.referee.profile.id }),
      }),
    ]);
  });
});

describe("overview, ledger check and audit export", () => {
  it("totals the ledger per currency and runs the invariant check", async () => {
    const overview = (await admin.c.request("GET", "/api/admin/overview")).json();
    expect(BigInt(overview.totals.USDT.issued)).toBe(
      BigInt(overview.totals.USDT.inCirculation) +
        BigInt(overview.totals.USDT.withdrawalEscrow) +
        BigInt(overview.totals.USDT.marketplaceEscrow) +
        BigInt(overview.totals.USDT.paidOut) +
        BigInt(overview.totals.USDT.fees),
    );
    expect(overview.counts.members).toBeGreaterThan(1);
    const check = (await admin.c.request("POST", "/api/admin/ledger/check")).json();
    expect(check).toMatchObject({ ok: true, problems: [] });
    expect(check.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("exports the filtered log as CSV with formulas neutralised", async () => {
    const m = await createSignedInMember(t.app);
    await admin.c.request("PUT", `/api/admin/members/${m.id}/suspension`, {
      suspended: true,
      reason: '=HYPERLINK("x")',
    });
    const csv = await admin.c.request("GET", `/api/admin/audit.csv?target=${m.id}`);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe(
      "date,actor,actor_role,action,target,target_type,target_id,reason,views,usdt,before,after,details,address",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      `,admin,member.suspend,${m.profile.username},,,"'=HYPERLINK(""x"")"`,
    );
  });

  it("pages the audit log newest first", async () => {
    const m = await createSignedInMember(t.app);
    for (let i = 0; i < ADMIN.auditPageSize + 2; i++) {
      await admin.c.request("POST", `/api/admin/members/${m.id}/sessions/revoke`, {
        reason: `r${i}`,
      });
      clock.advance(1);
    }
    const first = (await admin.c.request("GET", `/api/admin/audit?target=${m.id}`)).json();
    expect(first.events).toHaveLength(ADMIN.auditPageSize);
    const second = (
      await admin.c.request(
        "GET",
        `/api/admin/audit?target=${m.id}&before=${encodeURIComponent(first.next)}`,
      )
    ).json();
    expect(second.events).toHaveLength(2);
    expect(second.next).toBeNull();
    const bad = await admin.c.request("GET", "/api/admin/audit?before=nonsense");
    expect(bad.statusCode).toBe(400);
  });
});
