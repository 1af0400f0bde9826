import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, mailOutbox, profiles } from "../src/db/schema";
import { fixedClock } from "../src/lib/clock";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import type { Client } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createSignedInMember, type SignedInMember, TEST_PASSWORD, USDT } from "./factories";

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

async function staff(role: "support" | "admin"): Promise<SignedInMember> {
  const s = await createSignedInMember(t.app, { role, twoFactor: true });
  const res = await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return s;
}

async function requestIdOf(withdrawalId: string): Promise<string> {
  const rows = await db().execute<{ id: string }>(
    sql`select id from support_requests where withdrawal_id = ${withdrawalId}`,
  );
  return (
    (rows as unknown as { rows: { id: string }[] }).rows?.[0]?.id ??
    (rows as unknown as { id: string }[])[0]!.id
  );
}

function setStatus(s: SignedInMember, requestId: string, body: Record<string, unknown>) {
  return s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, body);
}

describe("the withdrawal form's checks, in the seed's order, with its messages", () => {
  it.each([
    [{ amount: "" }, "INVALID_AMOUNT", "Please enter a valid amount"],
    [{ amount: "abc" }, "INVALID_AMOUNT", "Please enter a valid amount"],
    [{ amount: "100.001" }, "INVALID_AMOUNT", "Please enter a valid amount"],
    [{ amount: "99.99" }, "BELOW_MINIMUM", "Minimum withdrawal is 100.00 USDT"],
    [{ amount: "150" }, "INSUFFICIENT_BALANCE", "Insufficient balance"],
    [
      { amount: "100", walletAddress: "  " },
      "WALLET_ADDRESS_REQUIRED",
      "Please enter your wallet address",
    ],
    [
      { amount: "100", walletAddress: "T123" },
      "INVALID_WALLET_ADDRESS",
      "Please enter a valid wallet address",
    ],
    [
      { amount: "100", walletAddress: EVM },
      "INVALID_WALLET_ADDRESS",
      "This is not a valid TRC20 address (T…, 34 characters)",
    ],
    [
      { amount: "100", network: "ERC20", walletAddress: TRON },
      "INVALID_WALLET_ADDRESS",
      "This is not a valid ERC20 address (0x and 40 hexadecimal characters)",
    ],
    [
      { amount: "100", network: "BEP20", walletAddress: EVM.replace("aA", "Aa") },
      "INVALID_WALLET_ADDRESS",
      "This address has a typo: its checksum does not match",
    ],
    [
      { amount: "100", walletAddress: `${TRON.slice(0, -1)}u` },
      "INVALID_WALLET_ADDRESS",
      "This address has a typo: its checksum does not match",
    ],
  ])("%j → %s", async (body, code, message) => {
    const { c } = await createSignedInMember(t.app, { usdt: USDT(120) });
    const res = await withdraw(c, body);
    expect(res.json()).toMatchObject({ code, message });
    expect((await overview(c)).balances).toMatchObject({ usdt: "120000000", pendingUsdt: "0" });
  });

  it("answers in Portuguese for a Portuguese member", async () => {
    const { c } = await createSignedInMember(t.app, { usdt: USDT(120), locale: "pt-BR" });
    expect((await withdraw(c, { amount: "50" })).json().message).toBe(
      "O saque mínimo é de 100,00 USDT",
    );
  });

  it("asks for the password or a 2FA code, and refuses a wrong one", async () => {
    const { c } = await createSignedInMember(t.app, { usdt: USDT(120) });
    const missing = await withdraw(c, { amount: "100", password: undefined });
    expect(missing.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
    const wrong = await withdraw(c, { amount: "100", password: "not-my-password" });
    expect(wrong.json()).toMatchObject({ code: "INVALID_CREDENTIALS" });
    expect((await overview(c)).balances.pendingUsdt).toBe("0");
  });

  it("accepts a 2FA code instead of the password", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(120), twoFactor: true });
    const res = await withdraw(m.c, { amount: "100", password: undefined, code: await m.totp!() });
    expect(res.statusCode).toBe(201);
  });
});

describe("a withdrawal request", () => {
  it("moves the amount to escrow at once, records SENT, e-mails the member and support, replays once", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(250) });
    await verified(m);
    const res = await withdraw(m.c, { amount: "100.50" }, "withdraw-once-key");
    expect(res.statusCode).toBe(201);
    expect(res.json().withdrawal).toMatchObject({
      amount: "100500000",
      fee: "1000000",
      net: "99500000",
      network: "TRC20",
      walletAddress: TRON,
      status: "SENT",
      needsSecondApproval: false,
    });
    expect(res.json().balances).toMatchObject({ usdt: "149500000", pendingUsdt: "100500000" });
    const replay = await withdraw(m.c, { amount: "100.50" }, "withdraw-once-key");
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().withdrawal.id).toBe(res.json().withdrawal.id);
    const view = await overview(m.c);
    expect(view.withdrawals).toHaveLength(1);
    expect(view.balances).toMatchObject({ usdt: "149500000", pendingUsdt: "100500000" });
    const mails = await db().select().from(mailOutbox);
    expect(mails.some((x) => x.to === m.user.email && x.template === "withdrawalSubmitted")).toBe(
      true,
    );
    expect(
      mails.some((x) => x.to === SUPPORT_INBOX && x.params?.username === m.user.username),
    ).toBe(true);
    // It also appears as the member's support request with the seed's fields.
    const own = (await m.c.request("GET", "/api/support/requests")).json();
    expect(own.requests[0]).toMatchObject({
      username: m.user.username,
      requestType: "WITHDRAWAL",
      amountUsdt: "100500000",
      network: "TRC20",
      walletAddress: TRON,
      status: "PENDING",
    });
  });

  it("holds the daily limit: unverified 100 USDT, verified 5,000 USDT, from 00:00 UTC", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(6_000) });
    expect((await withdraw(m.c, { amount: "100" })).statusCode).toBe(201);
    const over = await withdraw(m.c, { amount: "100" });
    expect(over.json()).toMatchObject({
      code: "DAILY_LIMIT_REACHED",
      message:
        "This exceeds your daily withdrawal limit of 100.00 USDT (0.00 USDT left today, until 00:00 UTC)",
    });
    // What the page shows decides before the password: no password step for a sure refusal.
    const unasked = await withdraw(m.c, { amount: "100", password: undefined });
    expect(unasked.json()).toMatchObject({ code: "DAILY_LIMIT_REACHED", field: "amount" });
    await verified(m);
    expect((await withdraw(m.c, { amount: "4900" })).statusCode).toBe(201);
    expect((await withdraw(m.c, { amount: "100" })).json().code).toBe("DAILY_LIMIT_REACHED");
    const before = clock.now();
    clock.set("2026-11-21T00:00:00Z");
    try {
      expect((await withdraw(m.c, { amount: "100" })).statusCode).toBe(201);
    } finally {
      clock.set(before);
    }
  });

  it("refuses a payout wallet changed less than 24 hours ago, and e-mails the member about the change", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(300) });
    const saved = await m.c.request("PUT", "/api/me/wallet", {
      walletNetwork: "ERC20",
      walletAddress: EVM,
      password: TEST_PASSWORD,
    });
    expect(saved.statusCode).toBe(200);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.profileId, m.id));
    expect(mails.map((x) => x.template)).toContain("walletChanged");
    const view = await overview(m.c);
    expect(view.wallet).toMatchObject({ address: EVM, network: "ERC20" });
    expect(view.wallet.heldUntil).toBe("2026-11-21T12:00:00.000Z");
    const res = await withdraw(m.c, { amount: "100", network: "ERC20", walletAddress: EVM });
    expect(res.json()).toMatchObject({ code: "WALLET_ADDRESS_TOO_NEW", field: "walletAddress" });
    const unasked = await withdraw(m.c, {
      amount: "100",
      network: "ERC20",
      walletAddress: EVM,
      password: "not-the-password",
    });
    expect(unasked.json()).toMatchObject({ code: "WALLET_ADDRESS_TOO_NEW" });
    const before = clock.now();
    clock.advance(24 * 3_600_000 + 1_000);
    try {
      const later = await withdraw(m.c, { amount: "100", network: "ERC20", walletAddress: EVM });
      expect(later.statusCode).toBe(201);
      expect(later.json().withdrawal.fee).toBe("5000000");
    } finally {
      clock.set(before);
    }
  });
});

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

  it("fails a waiting withdrawal nobody took (issue 27): the amount returns; a colleague's is theirs", async () => {
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

  it("needs a second approval above 1,000 USDT, by an admin who neither requested nor processed it", async () => {
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
    const recorded = await setStatus(adminA, requestId, { status: "COMPLETED", txHash: EVM_HASH });
    expect(recorded.json()).toMatchObject({
      status: "PROCESSING",
      withdrawal: { status: "AWAITING_APPROVAL", txHash: EVM_HASH },
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
      status: "COMPLETED",
      withdrawal: { status: "COMPLETED" },
    });
    // The same admin approving twice moves nothing.
    expect(
      (await setStatus(adminB, requestId, { status: "COMPLETED" })).json().params,
    ).toMatchObject({
      context: "withdrawalState",
    });
    expect((await overview(m.c)).balances).toMatchObject({ usdt: "0", pendingUsdt: "0" });
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.targetId, w.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "withdrawal.approve",
      "withdrawal.complete_awaiting_approval",
      "withdrawal.take",
    ]);
    const approval = audit.find((a) => a.action === "withdrawal.approve");
    expect(approval).toMatchObject({ actorProfileId: adminB.id, actorRole: "admin" });
    expect(approval?.before).toMatchObject({ status: "AWAITING_APPROVAL" });
    expect(approval?.after).toMatchObject({ status: "COMPLETED" });
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
