import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  type SignedInMember,
  signedInClient,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { profiles } from "../../db/schema";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const HASH = "ef".repeat(32);

suite(`withdrawals under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  async function verified(usdt: bigint): Promise<SignedInMember> {
    const m = await createSignedInMember(t.app, { usdt });
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
    return m;
  }

  let keys = 0;
  function withdraw(c: Client, amount: string) {
    return c.request(
      "POST",
      "/api/withdrawals",
      { amount, network: "TRC20", walletAddress: TRON, password: TEST_PASSWORD },
      { "idempotency-key": `concurrent-withdrawal-${++keys}` },
    );
  }

  async function balances(c: Client) {
    return (await c.request("GET", "/api/balances")).json() as {
      usdt: string;
      pendingUsdt: string;
    };
  }

  async function staff(): Promise<SignedInMember> {
    const s = await createSignedInMember(t.app, { role: "support", twoFactor: true });
    expect(
      (await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
    return s;
  }

  async function requestOf(withdrawalId: string): Promise<string> {
    const result = (await db().execute(
      sql`select id from support_requests where withdrawal_id = ${withdrawalId}`,
    )) as unknown as { rows: Array<{ id: string }> };
    return result.rows[0]!.id;
  }

  async function payouts(withdrawalId: string): Promise<number> {
    const result = (await db().execute(
      sql`select count(*)::int as n from ledger_transactions
          where kind in ('withdrawal_payout', 'withdrawal_return', 'withdrawal_cancel') and memo ->> 'withdrawalId' = ${withdrawalId}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return result.rows[0]!.n;
  }

  async function ledgerIsWhole() {
    expect((await verifyLedger(db())).problems).toEqual([]);
  }

  it("two staff completing the same withdrawal: one takes it, one payout", async () => {
    const m = await verified(USDT(200));
    const w = (await withdraw(m.c, "200")).json().withdrawal;
    const requestId = await requestOf(w.id);
    const [a, b] = await Promise.all([staff(), staff()]);
    const set = (s: SignedInMember, body: object) =>
      s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, body);
    const takes = await Promise.all([
      set(a, { status: "PROCESSING" }),
      set(b, { status: "PROCESSING" }),
    ]);
    expect(takes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const completes = await Promise.all(
      [a, b, a, b].map((s) => set(s, { status: "COMPLETED", txHash: HASH })),
    );
    expect(completes.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await payouts(w.id)).toBe(1);
    expect(await balances(m.c)).toMatchObject({ usdt: "0", pendingUsdt: "0" });
    await ledgerIsWhole();
  });

  it("completing against failing: one outcome", async () => {
    for (let round = 0; round < 5; round++) {
      const m = await verified(USDT(150));
      const w = (await withdraw(m.c, "150")).json().withdrawal;
      const requestId = await requestOf(w.id);
      const s = await staff();
      await s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
        status: "PROCESSING",
      });
      const [complete, fail] = await Promise.all([
        s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
          status: "COMPLETED",
          txHash: HASH,
        }),
        s.c.request("POST", `/api/support/desk/requests/${requestId}/fail`, { reason: "race" }),
      ]);
      expect([complete.statusCode, fail.statusCode].sort()).toEqual([200, 409]);
      expect(await payouts(w.id)).toBe(1);
      const after = await balances(m.c);
      expect(after.pendingUsdt).toBe("0");
      expect(after.usdt).toBe(complete.statusCode === 200 ? "0" : "150000000");
    }
    await ledgerIsWhole();
  });

  it("a withdrawal racing transfers and swaps for the same balance: no overdraft", async () => {
    const recipient = await createSignedInMember(t.app);
    for (let round = 0; round < 5; round++) {
      const m = await verified(USDT(150));
      const other = await signedInClient(t.app, { authUid: m.me.user.id });
      const results = await Promise.all([
        withdraw(m.c, "100"),
        other.request("POST", "/api/transfers", {
          recipient: recipient.user.username,
          transferType: "USDT",
          amount: "100",
        }),
        other.request("POST", "/api/swaps", { direction: "USDT_TO_VIEWS", amount: "100" }),
      ]);
      expect(results.filter((r) => r.statusCode < 300)).toHaveLength(1);
      const after = await balances(m.c);
      expect(BigInt(after.usdt)).toBe(USDT(50));
      expect(BigInt(after.pendingUsdt)).toBe(results[0]!.statusCode === 201 ? USDT(100) : 0n);
    }
    await ledgerIsWhole();
  });

  it("twenty concurrent requests against the daily limit: exactly the limit", async () => {
    const m = await verified(USDT(20_000));
    // Twenty sessions of the member (the route allows 10 attempts a minute per address).
    const sessions = await Promise.all(
      Array.from({ length: 20 }, () => signedInClient(t.app, { authUid: m.me.user.id })),
    );
    const results = await Promise.all(sessions.map((c) => withdraw(c, "500")));
    const accepted = results.filter((r) => r.statusCode === 201);
    expect(accepted).toHaveLength(10);
    expect(results.filter((r) => r.json().code === "DAILY_LIMIT_REACHED")).toHaveLength(10);
    expect(await balances(m.c)).toMatchObject({
      usdt: USDT(15_000).toString(),
      pendingUsdt: USDT(5_000).toString(),
    });
    await ledgerIsWhole();
  });

  function cancel(c: Client, withdrawalId: string) {
    return c.request("POST", `/api/withdrawals/${withdrawalId}/cancel`, undefined, {
      "idempotency-key": `concurrent-cancel-${++keys}`,
    });
  }

  async function statusOf(withdrawalId: string): Promise<{ status: string; taken: boolean }> {
    const result = (await db().execute(
      sql`select status, processed_by is not null as taken from manual_claims where id = ${withdrawalId}`,
    )) as unknown as { rows: Array<{ status: string; taken: boolean }> };
    return result.rows[0]!;
  }

  it("the member cancelling against staff taking it: one outcome, the money once", async () => {
    for (let round = 0; round < 8; round++) {
      const m = await verified(USDT(120));
      const w = (await withdraw(m.c, "100")).json().withdrawal;
      const requestId = await requestOf(w.id);
      const s = await staff();
      const [cancelled, taken] = await Promise.all([
        cancel(m.c, w.id),
        s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
          status: "PROCESSING",
        }),
      ]);
      // Exactly one wins; the loser is refused with the catalogue's conflict.
      expect([cancelled.statusCode, taken.statusCode].sort()).toEqual([200, 409]);
      const state = await statusOf(w.id);
      const after = await balances(m.c);
      if (cancelled.statusCode === 200) {
        expect(state).toEqual({ status: "CANCELLED", taken: false });
        expect(after).toMatchObject({ usdt: USDT(120).toString(), pendingUsdt: "0" });
        expect(await payouts(w.id)).toBe(1);
      } else {
        expect(cancelled.json().params).toMatchObject({ context: "withdrawalNotCancellable" });
        expect(state).toEqual({ status: "SENT", taken: true });
        expect(after).toMatchObject({
          usdt: USDT(20).toString(),
          pendingUsdt: USDT(100).toString(),
        });
        expect(await payouts(w.id)).toBe(0);
      }
    }
    await ledgerIsWhole();
  });

  it("the member cancelling (twice, two sessions) against staff taking and completing it", async () => {
    for (let round = 0; round < 5; round++) {
      const m = await verified(USDT(100));
      const other = await signedInClient(t.app, { authUid: m.me.user.id });
      const w = (await withdraw(m.c, "100")).json().withdrawal;
      const requestId = await requestOf(w.id);
      const s = await staff();
      const staffProcesses = async () => {
        const take = await s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
          status: "PROCESSING",
        });
        if (take.statusCode !== 200) return take;
        return s.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
          status: "COMPLETED",
          txHash: HASH,
        });
      };
      const [a, b, processed] = await Promise.all([
        cancel(m.c, w.id),
        cancel(other, w.id),
        staffProcesses(),
      ]);
      const cancels = [a, b].filter((r) => r.statusCode === 200);
      const state = await statusOf(w.id);
      // One money movement out of escrow, whichever won.
      expect(await payouts(w.id)).toBe(1);
      const after = await balances(m.c);
      expect(after.pendingUsdt).toBe("0");
      if (state.status === "CANCELLED") {
        expect(cancels).toHaveLength(1);
        expect(processed.statusCode).toBe(409);
        expect(after.usdt).toBe(USDT(100).toString());
      } else {
        expect(state.status).toBe("COMPLETED");
        expect(cancels).toHaveLength(0);
        expect(processed.statusCode).toBe(200);
        expect(after.usdt).toBe("0");
      }
    }
    await ledgerIsWhole();
  });
});
