import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { FakeChain } from "../../../test/chain-fake";
import {
  createDeskStaff,
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import {
  auditEvents,
  mailOutbox,
  manualClaims,
  notifications,
  payoutSends,
  profiles,
} from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";
import { renderNotice } from "../mail/mail.templates";
import { computeTransparency } from "../transparency/transparency.service";
import { followConfirmingPayouts } from "./payouts.job";
import { publishVerifiedNetworks } from "./payouts.service";

/**
 * Payouts the chain confirms (ADR 058), against an in-memory chain client for ERC20
 * (pasted hashes) and BEP20 (a hot wallet); TRC20 has no client and stays manual.
 */
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const OTHER = "0x1111111111111111111111111111111111111111";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const NET_195 = 195_000_000n; // 200 USDT on ERC20 minus the 5 USDT fee
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

let t: TestApp;
const clock = fixedClock("2026-11-20T12:00:00Z");
const db = () => t.database.db;
const erc20 = new FakeChain("ERC20");
const bep20 = new FakeChain("BEP20", { hotWallet: true });

beforeAll(async () => {
  t = await createTestApp({
    clock,
    chains: { ERC20: erc20, BEP20: bep20 },
    payoutCaps: { BEP20: USDT(1_000) },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

let keys = 0;
const key = () => `payout-chain-${++keys}`;

async function member(usdt = 200): Promise<SignedInMember> {
  const m = await createSignedInMember(t.app, { usdt: USDT(usdt) });
  await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
  return m;
}

const staff = (role: "support" | "admin" = "support") => createDeskStaff(t.app, role);

async function withdraw(m: SignedInMember, body: Record<string, unknown>) {
  const res = await m.c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "ERC20", walletAddress: EVM, amount: "200", ...body },
    { "idempotency-key": key() },
  );
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().withdrawal.id as string;
  const [row] = await queryRows<{ id: string }>(
    db(),
    sql`select id from support_requests where withdrawal_id = ${id}`,
  );
  return { withdrawalId: id, requestId: row?.id as string };
}

const setStatus = (s: SignedInMember, requestId: string, body: Record<string, unknown>) =>
  s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, body, {
    "idempotency-key": key(),
  });
const send = (s: SignedInMember, requestId: string, action: "send" | "replace" = "send") =>
  s.c.request("POST", `/api/support/desk/requests/${requestId}/${action}`, undefined, {
    "idempotency-key": key(),
  });

/** A taken ERC20 withdrawal of 200 USDT (net 195) and its processor. */
async function taken(amount = "200", m?: SignedInMember) {
  const owner = m ?? (await member(Number(amount)));
  const w = await withdraw(owner, { amount });
  const s = await staff();
  expect((await setStatus(s, w.requestId, { status: "PROCESSING" })).statusCode).toBe(200);
  return { ...w, member: owner, staff: s };
}

async function claim(id: string) {
  const [row] = await db().select().from(manualClaims).where(eq(manualClaims.id, id));
  if (!row) throw new Error("no claim");
  return row;
}

async function payoutPostings(withdrawalId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from ledger_transactions
        where kind = 'withdrawal_payout' and memo ->> 'withdrawalId' = ${withdrawalId}`,
  );
  return row?.n ?? 0;
}

const runJob = () => followConfirmingPayouts(t.app.money, clock, t.app.payouts);

async function overviewOf(c: Client) {
  return (await c.request("GET", "/api/withdrawals")).json();
}

describe("a pasted hash on a verified network", () => {
  it("refuses each mismatch with what differs, and changes nothing", async () => {
    const w = await taken();
    const cases: Array<[string, Parameters<FakeChain["put"]>[1] | null, string, RegExp]> = [
      ["0x1234", null, "MALFORMED_HASH", /not a valid ERC20 transaction hash/],
      [hash(1), null, "NOT_FOUND", /No transaction with this hash exists on ERC20/],
      [
        hash(2),
        { to: EVM, amountMicroUsdt: NET_195, confirmations: null },
        "UNCONFIRMED",
        /not in a block yet/,
      ],
      [
        hash(3),
        { to: EVM, amountMicroUsdt: NET_195, confirmations: 5, reverted: true },
        "REVERTED",
        /failed on ERC20/,
      ],
      [
        hash(4),
        { to: EVM, amountMicroUsdt: NET_195, confirmations: 5, token: "none" },
        "NO_TOKEN_TRANSFER",
        /transfers no token/,
      ],
      [
        hash(5),
        { to: EVM, amountMicroUsdt: NET_195, confirmations: 5, token: "0xdac" },
        "WRONG_TOKEN",
        /another token \(0xdac\)/,
      ],
      [
        hash(6),
        { to: OTHER, amountMicroUsdt: NET_195, confirmations: 5 },
        "WRONG_RECIPIENT",
        new RegExp(`pays ${OTHER}, not the member's address ${EVM}`),
      ],
      [
        hash(7),
        { to: EVM, amountMicroUsdt: 200_000_000n, confirmations: 5 },
        "WRONG_AMOUNT",
        /sends 200 USDT; this withdrawal pays 195 USDT/,
      ],
      [
        hash(8),
        { to: EVM, amountMicroUsdt: 0n, confirmations: 5, dustRaw: 195_000_000_000_000_000_001n },
        "WRONG_AMOUNT",
        /sends 195\.000000000000000001 USDT; this withdrawal pays 195 USDT/,
      ],
    ];
    for (const [txHash, tx, reason, message] of cases) {
      if (tx) erc20.put(txHash, tx);
      const res = await setStatus(w.staff, w.requestId, { status: "COMPLETED", txHash });
      expect(res.statusCode, reason).toBe(422);
      expect(res.json(), reason).toMatchObject({
        code: "PAYOUT_MISMATCH",
        params: { context: reason },
      });
      expect(res.json().message, reason).toMatch(message);
    }
    const after = await claim(w.withdrawalId);
    expect(after).toMatchObject({ status: "SENT", txHash: null, txVerified: false });
    expect(await payoutPostings(w.withdrawalId)).toBe(0);
    expect((await overviewOf(w.member.c)).balances.pendingUsdt).toBe("200000000");
    const refusals = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "withdrawal.verify_refused"));
    expect(refusals.filter((a) => a.targetId === w.withdrawalId)).toHaveLength(cases.length);
  });

  it("answers in Portuguese for a Portuguese staff member", async () => {
    const m = await member();
    const w = await withdraw(m, {});
    const s = await createSignedInMember(t.app, {
      role: "support",
      twoFactor: true,
      locale: "pt-BR",
    });
    await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
    await setStatus(s, w.requestId, { status: "PROCESSING" });
    erc20.put(hash(20), { to: EVM, amountMicroUsdt: 1n, confirmations: 5 });
    const res = await setStatus(s, w.requestId, { status: "COMPLETED", txHash: hash(20) });
    expect(res.json().message).toBe(
      "Esta transação envia 0.000001 USDT; este saque paga 195 USDT (após a taxa).",
    );
  });

  it("moves a matching hash to CONFIRMING, completes it once at the depth, shows the timeline", async () => {
    const w = await taken();
    erc20.put(hash(100), { to: EVM, amountMicroUsdt: NET_195, confirmations: 1 });
    const res = await setStatus(w.staff, w.requestId, {
      status: "COMPLETED",
      txHash: hash(100).toUpperCase().replace("0X", "0x"),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: "PROCESSING",
      withdrawal: { status: "CONFIRMING", confirmations: 1, requiredConfirmations: 3 },
    });
    // No payout posting yet: the amount stays in escrow, the transparency page's paid-out total
    // (only confirmed payouts) does not move.
    expect(await payoutPostings(w.withdrawalId)).toBe(0);
    const paidErc20 = async () =>
      BigInt(
        (await computeTransparency(db(), clock.now())).paidOutByNetwork.find(
          (p) => p.network === "ERC20",
        )?.usdt ?? "0",
      );
    const paidBefore = await paidErc20();
    // Metrics: payouts by state, and the oldest unconfirmed one's age (the clock stands still).
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toMatch(/vv_payouts\{state="CONFIRMING"\} [1-9]/);
    expect(metrics).toMatch(/vv_payout_oldest_unconfirmed_seconds \d/);
    expect((await overviewOf(w.member.c)).balances.pendingUsdt).toBe("200000000");
    // A confirming withdrawal cannot be failed (the transfer may still confirm).
    const fail = await w.staff.c.request(
      "POST",
      `/api/support/desk/requests/${w.requestId}/fail`,
      { reason: "nope" },
      { "idempotency-key": key() },
    );
    expect(fail.json()).toMatchObject({ code: "CONFLICT", params: { status: "CONFIRMING" } });

    erc20.mine(1);
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "CONFIRMING", confirmations: 2 });
    expect(await paidErc20()).toBe(paidBefore);
    erc20.mine(1);
    await Promise.all([runJob(), runJob()]);
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "COMPLETED", confirmations: 3 });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
    expect(await paidErc20()).toBe(paidBefore + NET_195);
    const view = await overviewOf(w.member.c);
    expect(view.balances.pendingUsdt).toBe("0");
    const mine = view.withdrawals.find((x: { id: string }) => x.id === w.withdrawalId);
    expect(mine.timeline.map((s: { step: string }) => s.step)).toEqual([
      "requested",
      "in_review",
      "sent",
      "confirmed",
    ]);
    expect(mine.timeline[2]).toMatchObject({
      txHash: hash(100),
      explorerUrl: expect.stringContaining(hash(100)),
    });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, w.withdrawalId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["withdrawal.verify", "withdrawal.confirm"]),
    );
    // The e-mail: the confirmations, the explorer link and the timeline, in both languages.
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.profileId, w.member.id), eq(mailOutbox.template, "withdrawalCompleted")),
      );
    const params = mail?.params as Record<string, string>;
    const en = renderNotice("withdrawalCompleted", "en", params, "https://vv.test");
    expect(en.text).toContain("Confirmed on the blockchain after 3 confirmations.");
    expect(en.text).toContain(`https://explorer.test/ERC20/tx/${hash(100)}`);
    expect(en.text).toContain("Timeline: Requested");
    expect(en.text).toMatch(/In review .* → Sent .* → Confirmed /);
    const pt = renderNotice("withdrawalCompleted", "pt-BR", params, "https://vv.test");
    expect(pt.text).toContain("Confirmado na blockchain após 3 confirmações.");
    expect(pt.text).toContain("Linha do tempo: Solicitado");
    // The inbox: sent, then confirmed, with the net amount; one e-mail (the
    // withdrawal's own), no generic notification e-mail beside it.
    const told = await db()
      .select({ kind: notifications.kind, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.memberId, w.member.id));
    const tell = { withdrawalId: w.withdrawalId, amount: "195", network: "ERC20" };
    expect(told).toEqual(
      expect.arrayContaining([
        { kind: "payoutSent", params: tell },
        { kind: "payoutConfirmed", params: tell },
      ]),
    );
    expect(told).toHaveLength(2);
    const mails = await db()
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.profileId, w.member.id));
    expect(mails.map((x) => x.template).sort()).toEqual([
      "withdrawalCompleted",
      "withdrawalSubmitted",
    ]);
  });

  it("a member who turned payout e-mails off is told in the inbox only", async () => {
    const m = await member(100);
    const off = await m.c.request("PUT", "/api/notifications/preferences", {
      preferences: [
        { kind: "payoutConfirmed", email: false, push: false },
        { kind: "payoutRecorded", email: false, push: false },
        { kind: "payoutFailed", email: false, push: false },
      ],
    });
    expect(off.statusCode, off.body).toBeLessThan(300);
    const w = await withdraw(m, { network: "TRC20", walletAddress: TRON, amount: "100" });
    const s = await staff();
    await setStatus(s, w.requestId, { status: "PROCESSING" });
    await setStatus(s, w.requestId, { status: "COMPLETED", txHash: "cd".repeat(32) });
    const told = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.memberId, m.id));
    // A manual network: sent by support, recorded — never "confirmed" (ADR 073).
    expect(told.map((x) => x.kind)).toEqual(["payoutRecorded"]);
    const mails = await db()
      .select({ template: mailOutbox.template })
      .from(mailOutbox)
      .where(eq(mailOutbox.profileId, m.id));
    expect(mails.map((x) => x.template)).toEqual(["withdrawalSubmitted"]);
  });

  it("refuses a hash another withdrawal already uses", async () => {
    const a = await taken();
    const b = await taken();
    erc20.put(hash(200), { to: EVM, amountMicroUsdt: NET_195, confirmations: 1 });
    expect(
      (await setStatus(a.staff, a.requestId, { status: "COMPLETED", txHash: hash(200) }))
        .statusCode,
    ).toBe(200);
    const again = await setStatus(b.staff, b.requestId, {
      status: "COMPLETED",
      txHash: hash(200),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "TX_HASH_ALREADY_USED" });
    expect(await claim(b.withdrawalId)).toMatchObject({ status: "SENT", txHash: null });
  });

  it("returns a claim whose transaction is gone to the desk, with the reason", async () => {
    const w = await taken();
    erc20.put(hash(300), { to: EVM, amountMicroUsdt: NET_195, confirmations: 1 });
    await setStatus(w.staff, w.requestId, { status: "COMPLETED", txHash: hash(300) });
    const tx = erc20.txs.get(hash(300));
    if (tx) tx.gone = "REVERTED";
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({
      status: "SENT",
      txHash: null,
      txVerified: false,
      returnReason: "REVERTED",
    });
    expect(await payoutPostings(w.withdrawalId)).toBe(0);
    const view = await overviewOf(w.member.c);
    const mine = view.withdrawals.find((x: { id: string }) => x.id === w.withdrawalId);
    expect(mine.timeline.at(-1)).toMatchObject({
      step: "returned",
      txHash: hash(300),
      reason: "REVERTED",
    });
    expect(view.balances.pendingUsdt).toBe("200000000");
    // Still with its processor, who pastes a new hash.
    erc20.put(hash(301), { to: EVM, amountMicroUsdt: NET_195, confirmations: 3 });
    const again = await setStatus(w.staff, w.requestId, {
      status: "COMPLETED",
      txHash: hash(301),
    });
    expect(again.json()).toMatchObject({ withdrawal: { status: "CONFIRMING" } });
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "COMPLETED" });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
  });

  it("returns a DROPPED transaction only after it stayed unknown for the grace period", async () => {
    const w = await taken();
    erc20.put(hash(350), { to: EVM, amountMicroUsdt: NET_195, confirmations: 1 });
    await setStatus(w.staff, w.requestId, { status: "COMPLETED", txHash: hash(350) });
    const tx = erc20.txs.get(hash(350));
    if (!tx) throw new Error("no tx");
    erc20.txs.delete(hash(350)); // the node no longer knows it
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "CONFIRMING" });
    // Seen again (another node of the provider had it): the grace starts over.
    erc20.txs.set(hash(350), tx);
    await runJob();
    expect((await claim(w.withdrawalId)).goneSince).toBeNull();
    erc20.txs.delete(hash(350));
    await runJob();
    clock.advance(4 * 60_000);
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "CONFIRMING" });
    clock.advance(2 * 60_000);
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({
      status: "SENT",
      returnReason: "DROPPED",
    });
    expect(await payoutPostings(w.withdrawalId)).toBe(0);
  });

  it("a node that does not answer changes nothing (503)", async () => {
    const w = await taken();
    erc20.down = true;
    try {
      const res = await setStatus(w.staff, w.requestId, {
        status: "COMPLETED",
        txHash: hash(400),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    } finally {
      erc20.down = false;
    }
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "SENT" });
  });

  it("keeps a network without a client manual: the hash completes it at once", async () => {
    const m = await member(100);
    const w = await withdraw(m, { network: "TRC20", walletAddress: TRON, amount: "100" });
    const s = await staff();
    await setStatus(s, w.requestId, { status: "PROCESSING" });
    const done = await setStatus(s, w.requestId, { status: "COMPLETED", txHash: "ab".repeat(32) });
    expect(done.json()).toMatchObject({ status: "COMPLETED", withdrawal: { status: "COMPLETED" } });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
    expect(await claim(w.withdrawalId)).toMatchObject({ txVerified: false });
  });
});

describe("the four-eyes rule before sending", () => {
  it("above 1,000 USDT: approval first, then the hash, then confirmed", async () => {
    const w = await taken("1500");
    erc20.put(hash(500), { to: EVM, amountMicroUsdt: 1_495_000_000n, confirmations: 3 });
    const early = await setStatus(w.staff, w.requestId, {
      status: "COMPLETED",
      txHash: hash(500),
    });
    expect(early.json()).toMatchObject({ code: "CONFLICT", params: { context: "approvalFirst" } });
    const asked = await setStatus(w.staff, w.requestId, { status: "COMPLETED" });
    expect(asked.json()).toMatchObject({
      withdrawal: { status: "AWAITING_APPROVAL", txHash: null },
    });
    const admin = await staff("admin");
    await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    const approved = await admin.c.request(
      "POST",
      `/api/admin/withdrawals/${w.requestId}/approve`,
      undefined,
      { "idempotency-key": key() },
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ withdrawal: { status: "SENT" } });
    expect(await payoutPostings(w.withdrawalId)).toBe(0);
    const sent = await setStatus(w.staff, w.requestId, { status: "COMPLETED", txHash: hash(500) });
    expect(sent.json()).toMatchObject({ withdrawal: { status: "CONFIRMING" } });
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "COMPLETED" });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
    const view = await overviewOf(w.member.c);
    const mine = view.withdrawals.find((x: { id: string }) => x.id === w.withdrawalId);
    expect(mine.timeline.map((s: { step: string }) => s.step)).toEqual([
      "requested",
      "in_review",
      "approval_requested",
      "approved",
      "sent",
      "confirmed",
    ]);
  });
});

describe("approved before sending, then recorded by hand", () => {
  it("a network switched to manual after the approval: the hash completes it, no second approval", async () => {
    const w = await taken("1500");
    await setStatus(w.staff, w.requestId, { status: "COMPLETED" });
    const admin = await staff("admin");
    await admin.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
    const approved = await admin.c.request(
      "POST",
      `/api/admin/withdrawals/${w.requestId}/approve`,
      undefined,
      { "idempotency-key": key() },
    );
    expect(approved.json()).toMatchObject({ withdrawal: { status: "SENT" } });
    const chains = t.app.payouts.chains;
    delete chains.ERC20;
    // A restart with the new configuration tells the database (ADR 073).
    await publishVerifiedNetworks(db(), t.app.payouts);
    try {
      const done = await setStatus(w.staff, w.requestId, {
        status: "COMPLETED",
        txHash: hash(600),
      });
      expect(done.json()).toMatchObject({ withdrawal: { status: "COMPLETED" } });
      expect(await payoutPostings(w.withdrawalId)).toBe(1);
    } finally {
      chains.ERC20 = erc20;
      await publishVerifiedNetworks(db(), t.app.payouts);
    }
  });
});

describe("sending from the hot wallet", () => {
  async function takenBep(amount = "200") {
    const m = await member(Number(amount));
    const w = await withdraw(m, { network: "BEP20", amount });
    const s = await staff();
    await setStatus(s, w.requestId, { status: "PROCESSING" });
    return { ...w, member: m, staff: s };
  }

  it("one click signs, records, broadcasts once; a second click sends nothing; confirmed once", async () => {
    const w = await takenBep();
    const networks = (await w.staff.c.request("GET", "/api/support/desk/payout-networks")).json()
      .networks;
    expect(networks.find((n: { network: string }) => n.network === "BEP20")).toMatchObject({
      verified: true,
      hotWallet: { capMicroUsdt: "1000000000" },
    });
    expect(networks.find((n: { network: string }) => n.network === "TRC20")).toMatchObject({
      verified: false,
      hotWallet: null,
    });
    const signedBefore = bep20.signed.length;
    const res = await send(w.staff, w.requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ withdrawal: { status: "CONFIRMING" } });
    expect(bep20.signed.length).toBe(signedBefore + 1);
    const rows = await db()
      .select()
      .from(payoutSends)
      .where(eq(payoutSends.withdrawalId, w.withdrawalId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.broadcastAt).not.toBeNull();
    expect(bep20.broadcasts.get(row?.txHash as string)).toBe(1);
    // BEP20 fee 2 USDT: the hot wallet pays the net.
    expect(row?.amountUsdt).toBe(198_000_000n);
    const again = await send(w.staff, w.requestId);
    expect(again.json()).toMatchObject({ code: "CONFLICT" });
    expect(bep20.signed.length).toBe(signedBefore + 1);
    bep20.mine(3);
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "COMPLETED" });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, w.withdrawalId));
    const sendAudit = audit.find((a) => a.action === "withdrawal.send");
    expect(sendAudit).toBeDefined();
    // Neither the signed transaction nor anything key-like is in the audit log.
    expect(JSON.stringify(sendAudit)).not.toContain(row?.rawTransaction.slice(2, 40));
    expect(JSON.stringify(sendAudit)).not.toMatch(/private|secret|mnemonic/i);
  });

  it("refuses over the daily cap or short of token, with nothing half-done", async () => {
    const w = await takenBep("900");
    const tokenBefore = bep20.tokenMicroUsdt;
    bep20.tokenMicroUsdt = 10_000_000n;
    const short = await send(w.staff, w.requestId);
    expect(short.json()).toMatchObject({ code: "HOT_WALLET_SHORT", params: { context: "token" } });
    bep20.tokenMicroUsdt = tokenBefore;
    // 198 sent earlier today + 898 > 1,000.
    const capped = await send(w.staff, w.requestId);
    expect(capped.json()).toMatchObject({ code: "PAYOUT_CAP_REACHED" });
    expect(capped.json().message).toMatch(/802 USDT left today/);
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "SENT", txHash: null });
    const rows = await db()
      .select()
      .from(payoutSends)
      .where(eq(payoutSends.withdrawalId, w.withdrawalId));
    expect(rows).toHaveLength(0);
  });

  it("re-broadcasts a recorded send the chain never got (crash after commit), never signs again", async () => {
    const w = await takenBep("100");
    const signedBefore = bep20.signed.length;
    // The broadcast fails (as if the process died right after the commit).
    const realBroadcast = bep20.hotWallet?.broadcast;
    if (!bep20.hotWallet || !realBroadcast) throw new Error("no hot wallet");
    bep20.hotWallet.broadcast = async () => {
      throw new Error("connection reset");
    };
    const res = await send(w.staff, w.requestId);
    bep20.hotWallet.broadcast = realBroadcast;
    expect(res.json()).toMatchObject({ withdrawal: { status: "CONFIRMING" } });
    const [row] = await db()
      .select()
      .from(payoutSends)
      .where(eq(payoutSends.withdrawalId, w.withdrawalId));
    expect(row?.broadcastAt).toBeNull();
    expect(bep20.txs.has(row?.txHash as string)).toBe(false);
    await runJob();
    expect(bep20.broadcasts.get(row?.txHash as string)).toBe(1);
    expect(bep20.signed.length).toBe(signedBefore + 1);
    bep20.mine(3);
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({ status: "COMPLETED" });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
  });

  it("replaces a stuck send with the same nonce; the one mined completes it", async () => {
    const w = await takenBep("100");
    await send(w.staff, w.requestId);
    const [first] = await db()
      .select()
      .from(payoutSends)
      .where(eq(payoutSends.withdrawalId, w.withdrawalId));
    const replaced = await send(w.staff, w.requestId, "replace");
    expect(replaced.statusCode, replaced.body).toBe(200);
    const rows = await db()
      .select()
      .from(payoutSends)
      .where(eq(payoutSends.withdrawalId, w.withdrawalId));
    expect(rows).toHaveLength(2);
    const second = rows.find((r) => r.id !== first?.id);
    expect(second?.nonce).toBe(first?.nonce);
    expect(BigInt(second?.maxFeePerGas ?? 0)).toBeGreaterThan(BigInt(first?.maxFeePerGas ?? 0));
    expect(await claim(w.withdrawalId)).toMatchObject({ txHash: second?.txHash });
    // The chain mines the first one; the replacement is dropped for the used nonce.
    const firstTx = bep20.txs.get(first?.txHash as string);
    const secondTx = bep20.txs.get(second?.txHash as string);
    if (!firstTx || !secondTx) throw new Error("not broadcast");
    firstTx.confirmations = 3;
    secondTx.gone = "REPLACED";
    await runJob();
    await runJob();
    expect(await claim(w.withdrawalId)).toMatchObject({
      status: "COMPLETED",
      txHash: first?.txHash,
    });
    expect(await payoutPostings(w.withdrawalId)).toBe(1);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, w.withdrawalId));
    expect(audit.map((a) => a.action)).toContain("withdrawal.replace");
  });
});
