import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createDeskStaff,
  createSignedInMember,
  deskRequestIdOf,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { auditEvents, mailOutbox, profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";
import { renderNotice } from "../mail/mail.templates";

// A member cancels a pending withdrawal until staff take it.
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_HASH = "ab".repeat(32);

let t: TestApp;
const clock = fixedClock("2026-11-20T12:00:00Z");
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

let keys = 0;
function withdraw(c: Client, amount: string) {
  return c.request(
    "POST",
    "/api/withdrawals",
    { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, amount },
    { "idempotency-key": `cancel-withdraw-${++keys}` },
  );
}

function cancel(c: Client, id: string, key = `cancel-key-${++keys}`) {
  return c.request("POST", `/api/withdrawals/${id}/cancel`, undefined, { "idempotency-key": key });
}

async function overview(c: Client) {
  return (await c.request("GET", "/api/withdrawals")).json();
}

const staff = () => createDeskStaff(t.app);

const requestIdOf = (withdrawalId: string) => deskRequestIdOf(db(), withdrawalId);

describe("cancelling a pending withdrawal", () => {
  it("returns the amount from escrow, marks it CANCELLED, closes its request and audits it", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(150) });
    const w = (await withdraw(m.c, "100")).json().withdrawal;
    expect(w).toMatchObject({ status: "SENT", cancellable: true });
    expect((await overview(m.c)).balances).toMatchObject({
      usdt: "50000000",
      pendingUsdt: "100000000",
    });

    const res = await cancel(m.c, w.id, "cancel-once");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      withdrawal: { id: w.id, status: "CANCELLED", cancellable: false },
      balances: { usdt: "150000000", pendingUsdt: "0" },
    });
    const after = await overview(m.c);
    expect(after.withdrawals[0]).toMatchObject({ id: w.id, status: "CANCELLED" });
    // A cancelled withdrawal no longer counts against the day's limit.
    expect(after.usedToday).toBe("0");

    // The same key replays the first answer; nothing moves twice.
    const replay = await cancel(m.c, w.id, "cancel-once");
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((await overview(m.c)).balances).toMatchObject({ usdt: "150000000", pendingUsdt: "0" });

    // A new key finds it cancelled.
    expect((await cancel(m.c, w.id)).json()).toMatchObject({
      code: "CONFLICT",
      params: { context: "withdrawalNotCancellable" },
    });

    const requestId = await requestIdOf(w.id);
    const request = (await m.c.request("GET", `/api/support/requests/${requestId}`)).json();
    expect(request).toMatchObject({ status: "COMPLETED", withdrawal: { status: "CANCELLED" } });
    // Staff cannot take a cancelled withdrawal.
    const desk = await staff();
    expect(
      (
        await desk.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
          status: "PROCESSING",
        })
      ).statusCode,
    ).toBe(409);

    const audit = await db().select().from(auditEvents).where(eq(auditEvents.targetId, w.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "withdrawal.cancel",
      actorProfileId: m.id,
      actorRole: "member",
      targetProfileId: m.id,
      before: { status: "SENT" },
      after: { status: "CANCELLED" },
    });
    expect(audit[0]?.address).toBeTruthy();

    // The member is told by e-mail, once (the replay queued nothing more), in words.
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.profileId, m.id), eq(mailOutbox.template, "withdrawalCancelled")));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(m.user.email);
    for (const [locale, words] of [
      [
        "en",
        [
          "You cancelled your withdrawal of 100.00 USDT",
          "back in your USDT balance",
          "If you did not cancel it",
        ],
      ],
      ["pt-BR", ["Você cancelou seu saque de", "voltou ao seu saldo em USDT", "Se não foi você"]],
    ] as const) {
      const mail = renderNotice(
        "withdrawalCancelled",
        locale,
        mails[0]?.params as Record<string, string>,
        "https://viewvault.example",
      );
      for (const w of words) expect(`${mail.subject} ${mail.text}`).toContain(w);
      expect(mail.text).toContain(TRON);
      expect(mail.text).toContain("https://viewvault.example/withdraw");
    }
  });

  it("is refused once staff took it, in the member's language", async () => {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    const w = (await withdraw(m.c, "100")).json().withdrawal;
    const requestId = await requestIdOf(w.id);
    const s = await staff();
    await s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
      status: "PROCESSING",
    });
    expect((await overview(m.c)).withdrawals[0]).toMatchObject({
      status: "SENT",
      cancellable: false,
    });
    const refused = await cancel(m.c, w.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "CONFLICT",
      message:
        "Support has already started processing this withdrawal, so it can no longer be cancelled.",
    });
    expect((await overview(m.c)).balances).toMatchObject({ usdt: "0", pendingUsdt: "100000000" });

    // Completed: still refused; in Portuguese for a Portuguese member.
    await s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
      status: "COMPLETED",
      txHash: TRON_HASH,
    });
    await db().update(profiles).set({ locale: "pt-BR" }).where(eq(profiles.id, m.id));
    expect((await cancel(m.c, w.id)).json().message).toBe(
      "O suporte já começou a processar este saque; ele não pode mais ser cancelado.",
    );
  });

  it("cannot touch another member's withdrawal", async () => {
    const a = await createSignedInMember(t.app, { usdt: USDT(100) });
    const b = await createSignedInMember(t.app);
    const w = (await withdraw(a.c, "100")).json().withdrawal;
    expect((await cancel(b.c, w.id)).json()).toMatchObject({
      code: "NOT_FOUND",
      params: { context: "withdrawal" },
    });
    expect((await cancel(b.c, "not-a-uuid")).statusCode).toBe(400);
    expect((await overview(a.c)).balances).toMatchObject({ usdt: "0", pendingUsdt: "100000000" });
  });
});
