import { RISK } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { DEMO_CLUSTER, seedDemoRisk } from "../../seed/demo-risk";
import { verifyLedger } from "../ledger/verify-ledger";
import { insertReferral } from "../referrals/referrals.repository";
import { recomputeAllRisk, riskLevelFor } from "../risk/risk.service";
import { recordSignal } from "../risk/signals";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const DEVICE = "0123456789abcdef0123456789abcdef";
const TITLES: Record<string, string> = { vidfraud001: "A video to watch" };

let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
let admin: SignedInMember;
const clock = fixedClock("2026-11-26T12:00:00.000Z");
const db = () => t.database.db;

beforeAll(async () => {
  oembed = await startOembedStandIn(TITLES);
  t = await createTestApp({
    clock,
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234", OEMBED_URL: oembed.url },
  });
  admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
});
afterAll(async () => {
  await t.close();
  await oembed.close();
});
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

async function stepUp(who: SignedInMember = admin) {
  const res = await who.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
}

function act(who: SignedInMember, memberId: string, action: string, reason = "why") {
  return who.c.request("POST", `/api/fraud/members/${memberId}/${action}`, { reason });
}

function signalsOf(memberId: string) {
  return queryRows<{
    kind: string;
    ref_id: string;
    device_hash: string | null;
    network: string | null;
    user_agent: string | null;
  }>(
    db(),
    sql`select kind, ref_id, device_hash, network, user_agent from member_signals
        where member_id = ${memberId}::uuid order by created_at`,
  );
}

/**
 * Members on one network without any device signal: the shape of a script driving several
 * accounts (ADR 071). With `device`, the same device id on one network and nothing else in
 * common: identical phones on one carrier.
 */
/**
 * `size` members on one network. With `device`, they share one phone model's fingerprint and
 * nothing else; without, they never sent a device signal and the first invited the others from
 * that network (referrals held as suspicious): the farm's shape, behaviour included (ADR 071).
 */
async function cluster(size: number, net: string, device = false) {
  const members: SignedInMember[] = [];
  for (let i = 0; i < size; i++) {
    const m = await createSignedInMember(t.app);
    await recordSignal(db(), t.app.deviceKey, {
      memberId: m.id,
      kind: "sign_in",
      refId: `seed-${m.id}`,
      deviceId: device ? `${net.replaceAll(".", "")}-device-one` : null,
      address: `${net}.${10 + i}`,
      userAgent: "Mozilla/5.0 test",
      at: clock.now(),
    });
    members.push(m);
  }
  const [referrer, ...invited] = members as [SignedInMember, ...SignedInMember[]];
  for (const m of device ? [] : invited) {
    await db().execute(
      sql`update profiles set referred_by = ${referrer.id}::uuid where id = ${m.id}::uuid`,
    );
    await insertReferral(db(), {
      referrerUserId: referrer.id,
      referredUserId: m.id,
      viewsBonus: 1n,
      usdtBonus: 0n,
      status: "HELD",
      flagReason: `same network (${net}.10)`,
    });
  }
  return members;
}

describe("who may use the fraud queue", () => {
  it("refuses anonymous, members, support and admins without 2FA on every fraud route", async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith("/api/fraud"))
      .flatMap(([p, methods]) => Object.keys(methods).map((m) => [m.toUpperCase(), p] as const));
    expect(routes.length).toBe(7);
    const member = await createSignedInMember(t.app);
    const support = await createSignedInMember(t.app, { role: "support", twoFactor: true });
    const no2fa = await createSignedInMember(t.app, { role: "admin" });
    for (const [method, path] of routes) {
      const url = path.replace("{profileId}", member.id);
      const body = method === "POST" ? { reason: "x" } : undefined;
      const m = method as "GET" | "POST";
      expect((await client(t.app).request(m, url, body)).statusCode, url).toBe(401);
      expect((await member.c.request(m, url, body)).json().code).toBe("FORBIDDEN");
      expect((await support.c.request(m, url, body)).json().code).toBe("FORBIDDEN");
      expect((await no2fa.c.request(m, url, body)).json().code).toBe("TWO_FACTOR_REQUIRED");
    }
  });
});

describe("signals", () => {
  it("records a watch session's hashed device, /24 network and user agent", async () => {
    const owner = await createSignedInMember(t.app, { views: 10n });
    const posted = await owner.c.request("POST", "/api/videos", {
      url: "https://www.youtube.com/watch?v=vidfraud001",
      country: "BR",
      theme: "Music",
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const watcher = await createSignedInMember(t.app);
    const start = await watcher.c.request(
      "POST",
      `/api/videos/${posted.json().video.id}/sessions`,
      undefined,
      { "x-device-id": DEVICE },
    );
    expect(start.statusCode, start.body).toBe(201);
    const [signal] = await signalsOf(watcher.id);
    expect(signal).toMatchObject({ kind: "watch_session", ref_id: start.json().id });
    expect(signal?.device_hash).toMatch(/^[\w-]{43}$/);
    expect(signal?.device_hash).not.toContain(DEVICE);
    const [a, b, c] = watcher.c.ip.split(".");
    expect(signal?.network).toBe(`${a}.${b}.${c}.0/24`);
    expect(signal?.user_agent).toContain("Mozilla");
    // The member's risk was recomputed at once.
    const [risk] = await queryRows<{ score: number }>(
      db(),
      sql`select score from member_risk where member_id = ${watcher.id}::uuid`,
    );
    expect(risk?.score).toBe(0);
  });

  it("records a sign-in's device and network", async () => {
    const m = await createSignedInMember(t.app);
    const c = client(t.app, "192.0.2.44");
    const res = await c.request(
      "POST",
      "/api/auth/sign-in/email",
      { email: m.user.email, password: TEST_PASSWORD },
      { "x-device-id": DEVICE },
    );
    expect(res.statusCode, res.body).toBe(200);
    let signals = await signalsOf(m.id);
    for (let i = 0; i < 50 && signals.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 20));
      signals = await signalsOf(m.id);
    }
    expect(signals).toHaveLength(1);
    expect(signals[0]).toMatchObject({ kind: "sign_in", network: "192.0.2.0/24" });
    expect(signals[0]?.device_hash).toMatch(/^[\w-]{43}$/);
  });
});

describe("clusters and risk", () => {
  it("a group of accounts on one network without any device signal, tied by held referrals, is clustered and flagged high risk within one run; identical phones alone are not", async () => {
    const group = await cluster(3, "198.51.100");
    const loner = await createSignedInMember(t.app);
    await recordSignal(db(), t.app.deviceKey, {
      memberId: loner.id,
      kind: "sign_in",
      refId: "loner",
      deviceId: "another-device-entirely",
      address: "203.0.113.9",
      userAgent: "x",
      at: clock.now(),
    });
    const never = await createSignedInMember(t.app);
    const phones = await cluster(2, "198.51.99", true);
    await recomputeAllRisk(db(), clock);
    for (const m of phones) expect(await riskLevelFor(db(), m.id)).toBe("normal");
    expect(await riskLevelFor(db(), never.id)).toBe("normal");
    expect(await riskLevelFor(db(), loner.id)).toBe("low");
    for (const m of group) expect(await riskLevelFor(db(), m.id)).toBe("high");
    const queue = await admin.c.request("GET", "/api/fraud/queue");
    expect(queue.statusCode, queue.body).toBe(200);
    const found = queue
      .json()
      .clusters.find((c: { members: { member: { id: string } }[] }) =>
        c.members.some((m) => m.member.id === group[0]?.id),
      );
    expect(found.members.map((m: { member: { id: string } }) => m.member.id).sort()).toEqual(
      group.map((m) => m.id).sort(),
    );
    expect(found.sharedDevices).toBe(0);
    expect(found.sharedNetworks).toEqual(["198.51.100.0/24"]);
    for (const m of found.members) {
      expect(m.level).toBe("high");
      expect(m.score).toBeGreaterThanOrEqual(RISK.highAt);
      expect(m.reasons.map((r: { code: string }) => r.code)).toEqual([
        "sharedNetwork",
        "networkAndNoDevice",
        "referralFlagged",
      ]);
      expect(m.reasons[0].params).toEqual({ accounts: 2 });
    }
    const highIds = queue.json().highRisk.map((m: { member: { id: string } }) => m.member.id);
    for (const m of group) expect(highIds).toContain(m.id);
    expect(highIds).not.toContain(loner.id);
    const evidence = await admin.c.request("GET", `/api/fraud/members/${group[0]?.id}`);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.json().sharedWith).toHaveLength(2);
    expect(evidence.json().sharedWith[0].networks).toEqual(["198.51.100.0/24"]);
  });
});

describe("the demo seed", () => {
  it("seeds a small high-risk cluster, once per day of signals", async () => {
    const authSecret = (await t.app.auth.$context).secret;
    await seedDemoRisk(db(), { log: () => undefined, authSecret });
    await seedDemoRisk(db(), { log: () => undefined, authSecret });
    const queue = (await admin.c.request("GET", "/api/fraud/queue")).json();
    const seeded = queue.clusters.find((c: { members: { member: { username: string } }[] }) =>
      c.members.some((m) => m.member.username === DEMO_CLUSTER[0]),
    );
    expect(
      seeded.members.map((m: { member: { username: string } }) => m.member.username).sort(),
    ).toEqual([...DEMO_CLUSTER]);
    expect(seeded.members.every((m: { level: string }) => m.level === "high")).toBe(true);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from member_signals where ref_id = 'demo-seed'`,
    );
    expect(row?.n).toBe(DEMO_CLUSTER.length);
  });
});

describe("actions", () => {
  it("need a reason and a recent step-up, and write a complete audit row", async () => {
    const [target] = await cluster(2, "198.51.101");
    if (!target) throw new Error("no member");
    const other = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    const noStepUp = await act(other, target.id, "pause");
    expect(noStepUp.json().code).toBe("STEP_UP_REQUIRED");
    await stepUp();
    for (const body of [{ reason: "" }, { reason: "   " }, {}]) {
      const res = await admin.c.request("POST", `/api/fraud/members/${target.id}/pause`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const res = await act(admin, target.id, "pause", "Five accounts on one phone");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().enforcement).toMatchObject({
      pauseReason: "Five accounts on one phone",
      appealRequestId: null,
    });
    expect(res.json().member.cashoutPaused).toBe(true);
    expect((await act(admin, target.id, "pause")).json().code).toBe("CONFLICT");
    const [row] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select actor_profile_id, actor_role, action, target_profile_id, reason, before, after,
            address from audit_events
          where action = 'fraud.cashout.pause' and target_profile_id = ${target.id}::uuid`,
    );
    expect(row).toMatchObject({
      actor_profile_id: admin.id,
      actor_role: "admin",
      target_profile_id: target.id,
      reason: "Five accounts on one phone",
      before: { cashoutPaused: false },
      after: { cashoutPaused: true, pausedAt: clock.now().toISOString() },
      address: admin.c.ip,
    });
  });

  it("a pause refuses withdrawals and USDT transfers with the reason; the member sees it and appeals", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(300), views: 150n });
    const friend = await createSignedInMember(t.app);
    await stepUp();
    expect((await act(admin, m.id, "pause", "Shared device with 4 accounts")).statusCode).toBe(200);
    const withdrawal = await m.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, amount: "100" },
      { "idempotency-key": "paused-withdrawal" },
    );
    expect(withdrawal.statusCode).toBe(403);
    expect(withdrawal.json()).toMatchObject({
      code: "CASHOUT_PAUSED",
      params: { reason: "Shared device with 4 accounts" },
    });
    expect(withdrawal.json().message).toContain("Shared device with 4 accounts");
    const transfer = await m.c.request(
      "POST",
      "/api/transfers",
      { recipient: friend.user.username, transferType: "USDT", amount: "1" },
      { "idempotency-key": "paused-transfer" },
    );
    expect(transfer.json().code).toBe("CASHOUT_PAUSED");
    // Views stay on the platform: sending them is not cash-out.
    const views = await m.c.request(
      "POST",
      "/api/transfers",
      { recipient: friend.user.username, transferType: "VIEWS", amount: "100" },
      { "idempotency-key": "paused-views-transfer" },
    );
    expect(views.statusCode, views.body).toBe(200);
    expect(views.json().transfer.status).toBe("COMPLETED");
    // The member still signs in and reads their pause.
    const own = await m.c.request("GET", "/api/me/enforcement");
    expect(own.statusCode).toBe(200);
    expect(own.json().cashoutPaused).toMatchObject({
      reason: "Shared device with 4 accounts",
      appealRequestId: null,
    });
    const empty = await m.c.request("POST", "/api/me/enforcement/appeal", { message: " " });
    expect(empty.statusCode).toBe(400);
    const appeal = await m.c.request("POST", "/api/me/enforcement/appeal", {
      message: "That phone is my family's; we each have our own account.",
    });
    expect(appeal.statusCode, appeal.body).toBe(200);
    const requestId = appeal.json().cashoutPaused.appealRequestId;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const again = await m.c.request("POST", "/api/me/enforcement/appeal", { message: "again" });
    expect(again.json().cashoutPaused.appealRequestId).toBe(requestId);
    const mine = await m.c.request("GET", `/api/support/requests/${requestId}`);
    expect(mine.json()).toMatchObject({
      requestType: "APPEAL",
      message: "That phone is my family's; we each have our own account.",
      status: "PENDING",
    });
    // The desk shows the appeal with the pause's reason.
    expect(
      (await admin.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const desk = await admin.c.request(
      "GET",
      `/api/support/desk/requests?type=APPEAL&member=${m.user.username}`,
    );
    expect(desk.statusCode, desk.body).toBe(200);
    expect(desk.json().requests[0]).toMatchObject({
      id: requestId,
      requestType: "APPEAL",
      appeal: { pauseReason: "Shared device with 4 accounts" },
    });
    // Lifting the pause lets the member withdraw again.
    expect((await act(admin, m.id, "lift", "Appeal accepted")).statusCode).toBe(200);
    expect((await m.c.request("GET", "/api/me/enforcement")).json().cashoutPaused).toBeNull();
    const after = await m.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, amount: "100" },
      { "idempotency-key": "lifted-withdrawal" },
    );
    expect(after.statusCode, after.body).toBe(201);
    expect((await act(admin, m.id, "lift")).json().code).toBe("CONFLICT");
  });

  it("clear resets the score and keeps it reset on the next run; claw back waits for the holds module; suspend suspends", async () => {
    const group = await cluster(2, "198.51.102");
    const [a, b] = group as [SignedInMember, SignedInMember];
    await recomputeAllRisk(db(), clock);
    await stepUp();
    const cleared = await act(admin, a.id, "clear", "Twins, checked by video call");
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().member).toMatchObject({ score: 0, level: "low", reasons: [] });
    expect(cleared.json().enforcement.reviewReason).toBe("Twins, checked by video call");
    clock.advance(1_000);
    await recomputeAllRisk(db(), clock);
    const again = (await admin.c.request("GET", `/api/fraud/members/${a.id}`)).json();
    expect(again.member.score).toBe(0);
    const [audit] = await queryRows<{ before: { score: number } }>(
      db(),
      sql`select before from audit_events
          where action = 'fraud.clear' and target_profile_id = ${a.id}::uuid`,
    );
    expect(audit?.before.score).toBeGreaterThanOrEqual(RISK.highAt);

    const claw = await act(admin, b.id, "claw-back", "Earned through a shared device");
    expect(claw.statusCode).toBe(404);
    expect(claw.json().code).toBe("NOT_FOUND");

    const suspended = await act(admin, b.id, "suspend", "Farm account");
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json().member.suspended).toBe(true);
    // Suspending signed them out everywhere.
    expect((await b.c.request("GET", "/api/me/enforcement")).statusCode).toBe(401);
    const [row] = await queryRows<{ reason: string }>(
      db(),
      sql`select reason from audit_events
          where action = 'member.suspend' and target_profile_id = ${b.id}::uuid`,
    );
    expect(row?.reason).toBe("Farm account");
  });
});
