import { ADMIN, withdrawalDeskActions } from "@viewvault/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../test/app";
import {
  createDeskStaff,
  createSignedInMember,
  deskRequestIdOf,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../../test/factories";
import { auditEvents, profiles } from "../../../db/schema";
import { fixedClock } from "../../../lib/clock";
import { verifyLedger } from "../../ledger/verify-ledger";

const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const EVM_HASH = `0x${"cd".repeat(32)}`;

let t: TestApp;
const clock = fixedClock("2026-11-22T12:00:00Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

let keys = 0;
const key = () => `payout-key-${++keys}`;

const admin = () => createDeskStaff(t.app, "admin", { stepUp: true });

const requestIdOf = (withdrawalId: string) => deskRequestIdOf(db(), withdrawalId);

async function balances(m: SignedInMember) {
  return (await m.c.request("GET", "/api/withdrawals")).json().balances;
}

/**
 * A member's 1,500 USDT withdrawal, taken by `processor`, who asks for the second approval before
 * sending anything (ADR 062): it awaits the approval, no hash recorded.
 */
async function awaiting(processor: SignedInMember, member?: SignedInMember) {
  const m = member ?? (await createSignedInMember(t.app, { usdt: USDT(1_500) }));
  await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
  const res = await m.c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "ERC20", walletAddress: EVM, amount: "1500" },
    { "idempotency-key": key() },
  );
  expect(res.statusCode, res.body).toBe(201);
  const requestId = await requestIdOf(res.json().withdrawal.id);
  const status = (body: Record<string, unknown>) =>
    processor.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, body);
  expect((await status({ status: "PROCESSING" })).statusCode).toBe(200);
  const asked = await status({ status: "COMPLETED" });
  expect(asked.json().withdrawal).toMatchObject({ status: "AWAITING_APPROVAL", txHash: null });
  return { member: m, requestId, record: () => status({ status: "COMPLETED", txHash: EVM_HASH }) };
}

const approve = (a: SignedInMember, requestId: string, idempotencyKey = key()) =>
  a.c.request("POST", `/api/admin/withdrawals/${requestId}/approve`, undefined, {
    "idempotency-key": idempotencyKey,
  });
const reject = (a: SignedInMember, requestId: string, reason: string) =>
  a.c.request(
    "POST",
    `/api/admin/withdrawals/${requestId}/reject`,
    { reason },
    { "idempotency-key": key() },
  );

describe("payout approvals in the admin console", () => {
  it("lists the withdrawal awaiting approval with the member's withdrawal history", async () => {
    const processor = await admin();
    const { member, requestId } = await awaiting(processor);
    const queue = (
      await (await admin()).c.request("GET", "/api/admin/withdrawals/awaiting-approval")
    ).json();
    const entry = queue.approvals.find(
      (a: { request: { id: string } }) => a.request.id === requestId,
    );
    expect(entry.request).toMatchObject({
      userId: member.id,
      withdrawal: { status: "AWAITING_APPROVAL", txHash: null, amount: "1500000000" },
    });
    expect(entry.history).toEqual([]);
  });

  it("offers 'Approve' by the desk's rule exactly to whom the command accepts", async () => {
    const processor = await admin();
    const other = await admin();
    const { requestId } = await awaiting(processor);
    const queue = (await other.c.request("GET", "/api/admin/withdrawals/awaiting-approval")).json();
    const entry = queue.approvals.find(
      (a: { request: { id: string } }) => a.request.id === requestId,
    ).request;
    const viewer = (s: SignedInMember) => ({ id: s.id, username: s.user.username, role: "admin" });
    // The processor is never offered it, and the command refuses them anyway.
    expect(withdrawalDeskActions(entry.withdrawal, entry, viewer(processor))).not.toContain(
      "approve",
    );
    expect((await approve(processor, requestId)).statusCode).toBe(403);
    // Another admin is offered it, and the command accepts them.
    expect(withdrawalDeskActions(entry.withdrawal, entry, viewer(other))).toContain("approve");
    expect((await approve(other, requestId)).statusCode).toBe(200);
  });

  it("refuses the admin who processed it, and the member themself", async () => {
    const processor = await admin();
    const { member, requestId } = await awaiting(processor);
    expect((await approve(processor, requestId)).json()).toMatchObject({
      code: "FORBIDDEN",
      params: { context: "secondApproval" },
    });
    expect((await balances(member)).pendingUsdt).toBe("1500000000");
    // A member who is an admin (2FA, desk unlocked, stepped up) cannot approve their own.
    const own = await createSignedInMember(t.app, {
      role: "admin",
      twoFactor: true,
      usdt: USDT(1_500),
    });
    await own.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    const { requestId: ownRequest } = await awaiting(processor, own);
    expect((await approve(own, ownRequest)).json()).toMatchObject({
      code: "FORBIDDEN",
      params: { context: "ownWithdrawal" },
    });
    expect((await balances(member)).pendingUsdt).toBe("1500000000");
  });

  it("approves once, before sending: audited, then paid when recorded; a second approval or a replay moves nothing", async () => {
    const processor = await admin();
    const approver = await admin();
    const { member, requestId, record } = await awaiting(processor);
    const intent = key();
    const first = await approve(approver, requestId, intent);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: "PROCESSING",
      withdrawal: { status: "SENT", approved: true },
    });
    const replay = await approve(approver, requestId, intent);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await record()).json()).toMatchObject({
      status: "COMPLETED",
      withdrawal: { status: "COMPLETED", txHash: EVM_HASH },
    });
    expect((await approve(approver, requestId)).json()).toMatchObject({
      code: "CONFLICT",
      params: { context: "withdrawalState" },
    });
    expect((await reject(approver, requestId, "too late")).json().code).toBe("CONFLICT");
    expect(await balances(member)).toMatchObject({ usdt: "0", pendingUsdt: "0" });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "withdrawal.approve"));
    expect(audit.filter((a) => a.actorProfileId === approver.id)).toHaveLength(1);
  });

  it("rejects with a reason: the full amount returns to the member", async () => {
    const processor = await admin();
    const approver = await admin();
    const { member, requestId } = await awaiting(processor);
    expect((await reject(approver, requestId, " ")).json().code).toBe("VALIDATION_FAILED");
    const res = await reject(approver, requestId, "Wallet flagged by the exchange");
    expect(res.json()).toMatchObject({
      withdrawal: { status: "FAILED", failureReason: "Wallet flagged by the exchange" },
    });
    expect(await balances(member)).toMatchObject({ usdt: "1500000000", pendingUsdt: "0" });
    const queue = (
      await approver.c.request("GET", "/api/admin/withdrawals/awaiting-approval")
    ).json();
    expect(
      queue.approvals.some((a: { request: { id: string } }) => a.request.id === requestId),
    ).toBe(false);
  });

  it("leaves a withdrawal not yet sent to the desk, and needs a step-up", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(200) });
    const res = await m.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "ERC20", walletAddress: EVM, amount: "100" },
      { "idempotency-key": key() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const requestId = await requestIdOf(res.json().withdrawal.id);
    const a = await admin();
    expect((await approve(a, requestId)).json()).toMatchObject({
      code: "CONFLICT",
      params: { context: "withdrawalState", status: "SENT" },
    });
    expect((await reject(a, requestId, "no")).json().code).toBe("CONFLICT");
    const noStepUp = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
    expect((await approve(noStepUp, requestId)).json().code).toBe("STEP_UP_REQUIRED");
    expect((await balances(m)).pendingUsdt).toBe("100000000");
  });
});

describe("overview counts and the member page", () => {
  it("counts online members, pending and awaiting withdrawals and open support requests", async () => {
    const a = await admin();
    const before = (await a.c.request("GET", "/api/admin/overview")).json().counts;
    const online = await createSignedInMember(t.app);
    expect((await online.c.request("POST", "/api/presence", { state: "online" })).statusCode).toBe(
      204,
    );
    const asker = await createSignedInMember(t.app);
    await asker.c.request("POST", "/api/support/requests", {
      requestType: "ACCOUNT",
      message: "I cannot change my e-mail address",
    });
    const m = await createSignedInMember(t.app, { usdt: USDT(200) });
    const pending = await m.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "ERC20", walletAddress: EVM, amount: "100" },
      { "idempotency-key": key() },
    );
    expect(pending.statusCode, pending.body).toBe(201);
    await awaiting(await admin());
    const after = (await a.c.request("GET", "/api/admin/overview")).json().counts;
    expect(after.onlineNow).toBe(before.onlineNow + 1);
    expect(after.openSupportRequests).toBe(before.openSupportRequests + 1);
    expect(after.pendingWithdrawals).toBe(before.pendingWithdrawals + 1);
    expect(after.awaitingApproval).toBe(before.awaitingApproval + 1);
  });

  it("shows the member's recent support requests and withdrawals with their status", async () => {
    const a = await admin();
    const { member, requestId } = await awaiting(a);
    await member.c.request("POST", "/api/support/requests", {
      requestType: "PAYMENT",
      message: "When does my withdrawal arrive?",
    });
    const detail = (await a.c.request("GET", `/api/admin/members/${member.id}`)).json();
    expect(detail.supportRequests.length).toBeLessThanOrEqual(ADMIN.recentSupportRequests);
    // One clock for both: the order between them is the id's, so compare as a set.
    type Row = { id: string; requestType: string; status: string; withdrawal: unknown };
    const rows: Row[] = detail.supportRequests;
    expect(rows.map((r) => r.requestType).sort()).toEqual(["PAYMENT", "WITHDRAWAL"]);
    expect(rows.find((r) => r.requestType === "PAYMENT")).toMatchObject({
      status: "PENDING",
      withdrawal: null,
    });
    expect(rows.find((r) => r.requestType === "WITHDRAWAL")).toMatchObject({
      id: requestId,
      withdrawal: { status: "AWAITING_APPROVAL" },
    });
  });
});
