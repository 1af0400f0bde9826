import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createDeskStaff,
  createSignedInMember,
  deskRequestIdOf,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { auditEvents, mailOutbox, notifications, profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { translator } from "../../lib/i18n";
import { verifyLedger } from "../ledger/verify-ledger";
import { renderNotice } from "../mail/mail.templates";
import { pushPayload } from "../notifications/push.service";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const TRON_HASH = "ab".repeat(32);
const EVM_HASH = `0x${"cd".repeat(32)}`;
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

let keys = 0;
function withdraw(c: Client, body: Record<string, unknown>, key = `withdraw-key-${++keys}`) {
  return c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, ...body },
    { "idempotency-key": key },
  );
}

async function overview(c: Client) {
  return (await c.request("GET", "/api/withdrawals")).json();
}

async function verified(m: SignedInMember) {
  await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
}

const staff = (role: "support" | "admin") => createDeskStaff(t.app, role);

const requestIdOf = (withdrawalId: string) => deskRequestIdOf(db(), withdrawalId);

function setStatus(s: SignedInMember, requestId: string, body: Record<string, unknown>) {
  return s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, body);
}

describe("the payout desk", () => {
  it("takes, completes with a hash (fee posting) and shows COMPLETED with the explorer link", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    const w = (await withdraw(m.c, { amount: "100" })).json().withdrawal;
    const requestId = await requestIdOf(w.id);
    const s1 = await staff("support");
    const s2 = await staff("support");
    // Completing before taking it is refused.
    expect(
      (await setStatus(s1, requestId, { status: "COMPLETED", txHash: TRON_HASH })).json(),
    ).toMatchObject({
      code: "CONFLICT",
      params: { context: "withdrawalNotTaken" },
    });
    const taken = await setStatus(s1, requestId, { status: "PROCESSING" });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ status: "PROCESSING", withdrawal: { status: "SENT" } });
    expect(taken.json().withdrawal.processedBy).toBe(s1.user.username);
    // Two staff cannot both work it.
    expect((await setStatus(s2, requestId, { status: "PROCESSING" })).json()).toMatchObject({
      code: "CONFLICT",
      message: "Another staff member is already processing this withdrawal.",
    });
    expect(
      (await setStatus(s2, requestId, { status: "COMPLETED", txHash: TRON_HASH })).json().params,
    ).toMatchObject({ context: "withdrawalTaken" });
    // The hash is required and checked for the network.
    expect((await setStatus(s1, requestId, { status: "COMPLETED" })).json()).toMatchObject({
      code: "INVALID_TX_HASH",
      message: "Enter the transaction hash to complete a withdrawal",
    });
    expect(
      (await setStatus(s1, requestId, { status: "COMPLETED", txHash: EVM_HASH })).json(),
    ).toMatchObject({
      code: "INVALID_TX_HASH",
      message: "This is not a valid TRC20 transaction hash",
    });
    const complete = () =>
      s1.c.request(
        "PUT",
        `/api/support/desk/requests/${requestId}/status`,
        { status: "COMPLETED", txHash: TRON_HASH },
        { "idempotency-key": `complete-${requestId}` },
      );
    const done = await complete();
    expect(done.statusCode).toBe(200);
    // A lost answer retried with the same key replays it (nothing moves twice).
    const replay = await complete();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(done.json()).toMatchObject({ status: "COMPLETED", withdrawal: { status: "COMPLETED" } });
    const view = await overview(m.c);
    expect(view.balances).toMatchObject({ usdt: "0", pendingUsdt: "0" });
    expect(view.withdrawals[0]).toMatchObject({
      status: "COMPLETED",
      txHash: TRON_HASH,
      explorerUrl: `https://tronscan.org/#/transaction/${TRON_HASH}`,
    });
    const fees = await db().execute(
      sql`select e.amount::text as amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
          where a.kind = 'fees' and t.memo ->> 'withdrawalId' = ${w.id}`,
    );
    expect(JSON.stringify(fees)).toContain('"1000000"');
    // Completing again moves nothing.
    expect(
      (await setStatus(s1, requestId, { status: "COMPLETED", txHash: TRON_HASH })).json().params,
    ).toMatchObject({ context: "withdrawalState", status: "COMPLETED" });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.profileId, m.id));
    expect(mails.map((x) => x.template)).toContain("withdrawalCompleted");
  });

  it("tells the member a hand-recorded payout as sent by support, never as confirmed (both languages)", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    const w = (await withdraw(m.c, { amount: "100" })).json().withdrawal;
    const requestId = await requestIdOf(w.id);
    const s = await staff("support");
    await setStatus(s, requestId, { status: "PROCESSING" });
    const done = await setStatus(s, requestId, { status: "COMPLETED", txHash: TRON_HASH });
    expect(done.statusCode, done.body).toBe(200);
    // The timeline: recorded (with the explorer link), no "confirmed".
    const [mine] = (await overview(m.c)).withdrawals;
    const steps = mine.timeline.map((x: { step: string }) => x.step);
    expect(steps).toEqual(["requested", "in_review", "recorded"]);
    expect(mine.timeline.at(-1)).toMatchObject({
      txHash: TRON_HASH,
      explorerUrl: `https://tronscan.org/#/transaction/${TRON_HASH}`,
    });
    // The notification: its own kind, worded truthfully in both languages.
    const told = await db().select().from(notifications).where(eq(notifications.memberId, m.id));
    const kinds = told.map((n) => n.kind);
    expect(kinds).toContain("payoutRecorded");
    expect(kinds).not.toContain("payoutConfirmed");
    const note = told.find((n) => n.kind === "payoutRecorded")!;
    const params = note.params as Record<string, string>;
    const en = pushPayload(note.id, "payoutRecorded", params, "en");
    expect(en.title).toBe("Your payout was sent by support");
    expect(en.body).toBe(
      "99.00 USDT was sent on TRC20 by support (transaction recorded, not verified on chain).",
    );
    const pt = pushPayload(note.id, "payoutRecorded", params, "pt-BR");
    expect(pt.body).toContain("transação registrada, não verificada na blockchain");
    for (const p of [en, pt]) expect(`${p.title} ${p.body}`).not.toMatch(/confirm/i);
    // The e-mail: "Sent by support (…)", the explorer link, and a timeline without "Confirmed".
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, "withdrawalCompleted"))
      .orderBy(sql`${mailOutbox.createdAt} desc`)
      .limit(1);
    const mailParams = mail!.params as Record<string, string>;
    const mailEn = renderNotice("withdrawalCompleted", "en", mailParams, "https://x.example").text;
    expect(mailEn).toContain("Sent by support (transaction recorded, not verified on chain).");
    expect(mailEn).toContain(`https://tronscan.org/#/transaction/${TRON_HASH}`);
    expect(mailEn).not.toMatch(/confirmed/i);
    const mailPt = renderNotice("withdrawalCompleted", "pt-BR", mailParams, "https://x.example");
    expect(mailPt.text).toContain(
      "Enviado pelo suporte (transação registrada, não verificada na blockchain).",
    );
    expect(mailPt.text).not.toMatch(/confirmad/i);
  });

  it("refuses to complete by hand a network the server verifies on chain (the database knows it)", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    const w = (await withdraw(m.c, { amount: "100" })).json().withdrawal;
    const requestId = await requestIdOf(w.id);
    const s = await staff("support");
    await setStatus(s, requestId, { status: "PROCESSING" });
    // Another instance started with a TRC20 chain client: the database now holds TRC20 verified.
    await db().execute(sql`insert into payout_verified_networks (network) values ('TRC20')`);
    try {
      const refused = await setStatus(s, requestId, { status: "COMPLETED", txHash: TRON_HASH });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: "CONFLICT",
        params: { context: "verifiedNetwork", network: "TRC20" },
        message:
          "TRC20 payouts are verified on chain: paste the transaction hash so the server checks it; it cannot be completed by hand.",
      });
      // The web words the code in the reader's language.
      expect(
        translator("pt-BR")(`errors:CONFLICT_${refused.json().params.context}`, {
          network: "TRC20",
        }),
      ).toBe(
        "Os pagamentos em TRC20 são verificados na blockchain: cole o hash da transação para o servidor conferir; não podem ser concluídos manualmente.",
      );
      // Nothing moved: still taken, the money still in escrow.
      expect((await overview(m.c)).withdrawals[0]).toMatchObject({ status: "SENT", txHash: null });
      expect((await overview(m.c)).balances).toMatchObject({ pendingUsdt: "100000000" });
    } finally {
      await db().execute(sql`delete from payout_verified_networks`);
    }
  });

  it("fails a withdrawal with a reason and returns the full amount", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    const w = (await withdraw(m.c, { amount: "100", network: "BEP20", walletAddress: EVM })).json()
      .withdrawal;
    const requestId = await requestIdOf(w.id);
    const s = await staff("support");
    const fail = (reason: string) =>
      s.c.request("POST", `/api/support/desk/requests/${requestId}/fail`, { reason });
    expect((await fail("")).statusCode).toBe(400);
    await setStatus(s, requestId, { status: "PROCESSING" });
    // PENDING hands it back, PROCESSING takes it again.
    expect((await setStatus(s, requestId, { status: "PENDING" })).json().status).toBe("PENDING");
    await setStatus(s, requestId, { status: "PROCESSING" });
    const failed = await fail("Address on a blocked exchange");
    expect(failed.json()).toMatchObject({
      status: "COMPLETED",
      withdrawal: { status: "FAILED", failureReason: "Address on a blocked exchange" },
    });
    expect((await overview(m.c)).balances).toMatchObject({ usdt: "100000000", pendingUsdt: "0" });
    expect((await fail("again")).json().params).toMatchObject({ context: "withdrawalState" });
    expect(
      (await setStatus(s, requestId, { status: "COMPLETED", txHash: EVM_HASH })).json().code,
    ).toBe("CONFLICT");
  });

  it("fails a waiting withdrawal nobody took: the amount returns; a colleague's is theirs", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    const w = (await withdraw(m.c, { amount: "100", network: "BEP20", walletAddress: EVM })).json()
      .withdrawal;
    const requestId = await requestIdOf(w.id);
    const s = await staff("support");
    const failed = await s.c.request("POST", `/api/support/desk/requests/${requestId}/fail`, {
      reason: "Exchange address",
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      status: "COMPLETED",
      withdrawal: { status: "FAILED", failureReason: "Exchange address", processedBy: null },
    });
    expect((await overview(m.c)).balances).toMatchObject({ usdt: "100000000", pendingUsdt: "0" });
    // Once a colleague has taken one, failing it is theirs.
    const other = await createSignedInMember(t.app, { usdt: USDT(100) });
    const taken = await requestIdOf(
      (await withdraw(other.c, { amount: "100", network: "BEP20", walletAddress: EVM })).json()
        .withdrawal.id,
    );
    const colleague = await staff("support");
    await setStatus(colleague, taken, { status: "PROCESSING" });
    const refused = await s.c.request("POST", `/api/support/desk/requests/${taken}/fail`, {
      reason: "x",
    });
    expect(refused.json().params).toMatchObject({ context: "withdrawalTaken" });
  });

  it("needs an admin's approval above 1,000 USDT BEFORE anything is sent, on a manual network too", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(1_500) });
    await verified(m);
    const w = (await withdraw(m.c, { amount: "1500", network: "ERC20", walletAddress: EVM })).json()
      .withdrawal;
    expect(w.needsSecondApproval).toBe(true);
    const requestId = await requestIdOf(w.id);
    const support = await staff("support");
    const adminA = await staff("admin");
    const adminB = await staff("admin");
    await setStatus(adminA, requestId, { status: "PROCESSING" });
    // A hash recorded before the approval is refused: nobody may send it yet.
    expect(
      (await setStatus(adminA, requestId, { status: "COMPLETED", txHash: EVM_HASH })).json(),
    ).toMatchObject({ code: "CONFLICT", params: { context: "approvalFirst" } });
    // …by the database command itself, whoever calls it.
    const direct = await db()
      .execute(
        sql`select vv_withdraw_complete(${adminA.id}::uuid, 'admin', '127.0.0.1', null, 'direct',
          'direct', ${requestId}::uuid, ${EVM_HASH}, now())`,
      )
      .then(
        () => "allowed",
        (error: Error & { cause?: Error & { detail?: string } }) =>
          `${error.cause?.message ?? error.message} ${error.cause?.detail ?? ""}`,
      );
    expect(direct).toMatch(/CONFLICT.*approvalFirst/s);
    // Without a hash the processor asks for the approval.
    const asked = await setStatus(adminA, requestId, { status: "COMPLETED" });
    expect(asked.json()).toMatchObject({
      status: "PROCESSING",
      withdrawal: { status: "AWAITING_APPROVAL", txHash: null },
    });
    expect((await overview(m.c)).balances.pendingUsdt).toBe("1500000000");
    // A support user cannot approve; the admin who processed it cannot approve it alone.
    expect((await setStatus(support, requestId, { status: "COMPLETED" })).json()).toMatchObject({
      code: "FORBIDDEN",
      message: "Only an admin can give the second approval.",
    });
    expect((await setStatus(adminA, requestId, { status: "COMPLETED" })).json()).toMatchObject({
      code: "FORBIDDEN",
      params: { context: "secondApproval" },
    });
    const approved = await setStatus(adminB, requestId, { status: "COMPLETED" });
    expect(approved.json()).toMatchObject({
      status: "PROCESSING",
      withdrawal: { status: "SENT", approved: true, txHash: null },
    });
    // Approved: the processor sends and records it, and it is paid at once.
    const paid = await setStatus(adminA, requestId, { status: "COMPLETED", txHash: EVM_HASH });
    expect(paid.json()).toMatchObject({
      status: "COMPLETED",
      withdrawal: { status: "COMPLETED", txHash: EVM_HASH },
    });
    // Approving again moves nothing.
    expect(
      (await setStatus(adminB, requestId, { status: "COMPLETED" })).json().params,
    ).toMatchObject({
      context: "withdrawalState",
    });
    expect((await overview(m.c)).balances).toMatchObject({ usdt: "0", pendingUsdt: "0" });
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.targetId, w.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "withdrawal.approve",
      "withdrawal.complete",
      "withdrawal.request_approval",
      "withdrawal.take",
    ]);
    const approval = audit.find((a) => a.action === "withdrawal.approve");
    expect(approval).toMatchObject({ actorProfileId: adminB.id, actorRole: "admin" });
    expect(approval?.before).toMatchObject({ status: "AWAITING_APPROVAL" });
    expect(approval?.after).toMatchObject({ status: "SENT" });
  });

  it("keeps members out of other members' requests and staff out of their own withdrawals", async () => {
    const a = await createSignedInMember(t.app, { usdt: USDT(100) });
    const b = await createSignedInMember(t.app);
    const w = (await withdraw(a.c, { amount: "100" })).json().withdrawal;
    const requestId = await requestIdOf(w.id);
    expect((await a.c.request("GET", `/api/support/requests/${requestId}`)).statusCode).toBe(200);
    expect((await b.c.request("GET", `/api/support/requests/${requestId}`)).json()).toMatchObject({
      code: "NOT_FOUND",
    });
    expect((await setStatus(b, requestId, { status: "PROCESSING" })).statusCode).toBe(403);
    expect(
      (await b.c.request("POST", `/api/support/desk/requests/${requestId}/fail`, { reason: "x" }))
        .statusCode,
    ).toBe(403);
    const s = await createSignedInMember(t.app, {
      role: "support",
      twoFactor: true,
      usdt: USDT(100),
    });
    await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
    const own = (await withdraw(s.c, { amount: "100" })).json().withdrawal;
    expect(
      (await setStatus(s, await requestIdOf(own.id), { status: "PROCESSING" })).json(),
    ).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot process your own withdrawal.",
    });
  });
});
