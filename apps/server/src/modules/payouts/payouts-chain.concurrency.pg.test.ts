import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { FakeChain } from "../../../test/chain-fake";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { manualClaims, payoutSends, profiles } from "../../db/schema";
import { verifyLedger } from "../ledger/verify-ledger";
import { followConfirmingPayouts } from "./payouts.job";

/**
 * Payouts the chain confirms under concurrency on real PostgreSQL (ADR 058): two staff (or two
 * clicks) on one withdrawal settle to one outcome; two job runs post the payout once; concurrent
 * hot-wallet sends never share a nonce.
 */
const suite = describe.skipIf(!pgUrl);
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

suite(`payouts on chain under concurrency (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;
  const erc20 = new FakeChain("ERC20");
  const bep20 = new FakeChain("BEP20", { hotWallet: true });
  let keys = 0;
  const key = () => ({ "idempotency-key": `payout-pg-${++keys}` });

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
      chains: { ERC20: erc20, BEP20: bep20 },
      payoutCaps: { BEP20: USDT(100_000) },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  async function staff(): Promise<SignedInMember> {
    const s = await createSignedInMember(t.app, { role: "support", twoFactor: true });
    await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
    return s;
  }

  async function withdrawal(network: "ERC20" | "BEP20") {
    const m = await createSignedInMember(t.app, { usdt: USDT(200) });
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
    const res = await m.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network, walletAddress: EVM, amount: "200" },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().withdrawal.id as string;
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from support_requests where withdrawal_id = ${id}`,
    );
    return { id, requestId: row?.id as string };
  }

  async function postings(id: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_transactions
          where kind in ('withdrawal_payout', 'withdrawal_return') and memo ->> 'withdrawalId' = ${id}`,
    );
    return row?.n ?? 0;
  }

  it("two staff verifying one withdrawal at once, and completing against failing: one outcome", async () => {
    for (let round = 0; round < 4; round++) {
      const w = await withdrawal("ERC20");
      const [a, b] = await Promise.all([staff(), staff()]);
      const set = (s: SignedInMember, body: object) =>
        s.c.request("PUT", `/api/support/desk/requests/${w.requestId}/status`, body, key());
      const takes = await Promise.all([
        set(a, { status: "PROCESSING" }),
        set(b, { status: "PROCESSING" }),
      ]);
      expect(takes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const taker = takes[0]?.statusCode === 200 ? a : b;
      const txHash = erc20.put(hash(1000 + round), {
        to: EVM,
        amountMicroUsdt: USDT(195),
        confirmations: 1,
      });
      const results = await Promise.all([
        set(a, { status: "COMPLETED", txHash }),
        set(b, { status: "COMPLETED", txHash }),
        set(taker, { status: "COMPLETED", txHash }),
        taker.c.request(
          "POST",
          `/api/support/desk/requests/${w.requestId}/fail`,
          { reason: "race" },
          key(),
        ),
      ]);
      const okCount = results.filter((r) => r.statusCode === 200).length;
      expect(okCount).toBe(1);
      const [claim] = await db().select().from(manualClaims).where(eq(manualClaims.id, w.id));
      expect(["CONFIRMING", "FAILED"]).toContain(claim?.status);
      expect(await postings(w.id)).toBe(claim?.status === "FAILED" ? 1 : 0);
    }
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("two job runs at the depth post the payout exactly once", async () => {
    const w = await withdrawal("ERC20");
    const s = await staff();
    const set = (body: object) =>
      s.c.request("PUT", `/api/support/desk/requests/${w.requestId}/status`, body, key());
    await set({ status: "PROCESSING" });
    const txHash = erc20.put(hash(2000), { to: EVM, amountMicroUsdt: USDT(195), confirmations: 1 });
    expect((await set({ status: "COMPLETED", txHash })).statusCode).toBe(200);
    erc20.mine(5);
    await Promise.all(
      Array.from({ length: 6 }, () =>
        followConfirmingPayouts(t.app.money, t.app.clock, t.app.payouts),
      ),
    );
    const [claim] = await db().select().from(manualClaims).where(eq(manualClaims.id, w.id));
    expect(claim?.status).toBe("COMPLETED");
    expect(await postings(w.id)).toBe(1);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("concurrent clicks and sends: one send per withdrawal, never one nonce twice", async () => {
    const ws = await Promise.all([1, 2, 3, 4].map(() => withdrawal("BEP20")));
    const s = await staff();
    for (const w of ws) {
      await s.c.request(
        "PUT",
        `/api/support/desk/requests/${w.requestId}/status`,
        { status: "PROCESSING" },
        key(),
      );
    }
    const clicks = await Promise.all(
      ws.flatMap((w) =>
        [1, 2].map(() =>
          s.c.request("POST", `/api/support/desk/requests/${w.requestId}/send`, undefined, key()),
        ),
      ),
    );
    expect(clicks.filter((r) => r.statusCode === 200)).toHaveLength(ws.length);
    const sends = await db().select().from(payoutSends);
    const ours = sends.filter((r) => ws.some((w) => w.id === r.withdrawalId));
    expect(ours).toHaveLength(ws.length);
    const nonces = sends.filter((r) => r.replacedBy === null).map((r) => r.nonce);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
