import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { type LocalChains, startLocalChains } from "../../../test/chain/local-chain.mjs";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { loadEnv } from "../../config/env";
import { queryRows } from "../../db/client";
import { manualClaims, payoutSends, profiles } from "../../db/schema";
import { verifyLedger } from "../ledger/verify-ledger";
import { followConfirmingPayouts } from "./payouts.job";

/**
 * Payouts on two real local chains (anvil, ADR 057/058): the app built from the environment the
 * local chains give (CHAIN_<NET>_*, PAYOUT_KEY_<NET>), so createChains wires the real clients. A
 * one-click BEP20 send (18 decimals) pays the member on chain exactly once and completes at the
 * depth; a pasted ERC20 hash (6 decimals) for the wrong amount is refused.
 */
let chains: LocalChains | null = null;
let skipReason = "";
try {
  chains = await startLocalChains();
} catch (error) {
  skipReason = `anvil could not start: ${(error as Error).message}`;
  console.warn(`payouts on local chains skipped — ${skipReason}`);
}

const MEMBER_WALLET = "0x3333333333333333333333333333333333333333";
let t: TestApp;
const db = () => t.database.db;
let keys = 0;
const key = () => ({ "idempotency-key": `local-chain-${++keys}` });
function local(): LocalChains {
  if (!chains) throw new Error(skipReason);
  return chains;
}

describe.skipIf(!chains)("payouts on local chains", () => {
  beforeAll(async () => {
    const chainEnv = local().env({ confirmations: 2 });
    t = await createTestApp({
      env: {
        ...chainEnv,
        CHAIN_BEP20_DAILY_CAP_USDT: "10000",
        CHAIN_ERC20_DAILY_CAP_USDT: "10000",
      },
    });
    // The env the app parsed has the clients: nothing was injected.
    expect(Object.keys(loadEnv({ NODE_ENV: "test", ...chainEnv }).chains).sort()).toEqual([
      "BEP20",
      "ERC20",
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await chains?.stop();
  });

  async function taken(network: "ERC20" | "BEP20") {
    const m = await createSignedInMember(t.app, { usdt: USDT(200) });
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
    const res = await m.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network, walletAddress: MEMBER_WALLET, amount: "200" },
      key(),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().withdrawal.id as string;
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from support_requests where withdrawal_id = ${id}`,
    );
    const s: SignedInMember = await createSignedInMember(t.app, {
      role: "support",
      twoFactor: true,
    });
    await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
    const requestId = row?.id as string;
    await s.c.request(
      "PUT",
      `/api/support/desk/requests/${requestId}/status`,
      { status: "PROCESSING" },
      key(),
    );
    return { id, requestId, member: m, staff: s };
  }

  it("sends from the BEP20 hot wallet with one click; confirmed at the depth, paid once", async () => {
    const w = await taken("BEP20");
    const before = await local().tokenBalance("BEP20", MEMBER_WALLET);
    const networks = (await w.staff.c.request("GET", "/api/support/desk/payout-networks")).json()
      .networks;
    expect(networks.find((n: { network: string }) => n.network === "BEP20")).toMatchObject({
      verified: true,
      hotWallet: { address: expect.stringMatching(/^0x/), capMicroUsdt: "10000000000" },
    });
    const sent = await w.staff.c.request(
      "POST",
      `/api/support/desk/requests/${w.requestId}/send`,
      undefined,
      key(),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().withdrawal.status).toBe("CONFIRMING");
    await local().mine("BEP20", 3);
    await followConfirmingPayouts(t.app.money, t.app.clock, t.app.payouts);
    await followConfirmingPayouts(t.app.money, t.app.clock, t.app.payouts);
    const [claim] = await db().select().from(manualClaims).where(eq(manualClaims.id, w.id));
    expect(claim?.status).toBe("COMPLETED");
    // 200 − 2 USDT fee, at 18 decimals.
    const after = await local().tokenBalance("BEP20", MEMBER_WALLET);
    expect(after - before).toBe(198n * 10n ** 18n);
    const sends = await db().select().from(payoutSends).where(eq(payoutSends.withdrawalId, w.id));
    expect(sends).toHaveLength(1);
    const overview = (await w.member.c.request("GET", "/api/withdrawals")).json();
    const mine = overview.withdrawals.find((x: { id: string }) => x.id === w.id);
    expect(mine.timeline.map((s: { step: string }) => s.step)).toEqual([
      "requested",
      "in_review",
      "sent",
      "confirmed",
    ]);
    expect(mine.explorerUrl).toContain(claim?.txHash);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("replaces a stuck BEP20 send (same nonce, higher fee): one transfer, paid once", async () => {
    const w = await taken("BEP20");
    const wallet = "0x3333333333333333333333333333333333333333";
    const before = await local().tokenBalance("BEP20", wallet);
    await local().setAutomine("BEP20", false);
    try {
      const post = (action: string) =>
        w.staff.c.request(
          "POST",
          `/api/support/desk/requests/${w.requestId}/${action}`,
          undefined,
          key(),
        );
      const sent = await post("send");
      expect(sent.statusCode, sent.body).toBe(200);
      const replaced = await post("replace");
      expect(replaced.statusCode, replaced.body).toBe(200);
      const sends = await db().select().from(payoutSends).where(eq(payoutSends.withdrawalId, w.id));
      expect(sends).toHaveLength(2);
      expect(new Set(sends.map((s) => s.nonce)).size).toBe(1);
      await local().mine("BEP20", 3);
    } finally {
      await local().setAutomine("BEP20", true);
    }
    for (let i = 0; i < 3; i++) {
      await followConfirmingPayouts(t.app.money, t.app.clock, t.app.payouts);
    }
    const [claim] = await db().select().from(manualClaims).where(eq(manualClaims.id, w.id));
    expect(claim?.status).toBe("COMPLETED");
    expect((await local().tokenBalance("BEP20", wallet)) - before).toBe(198n * 10n ** 18n);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("refuses a pasted ERC20 hash for the wrong amount, and accepts the right one", async () => {
    const w = await taken("ERC20");
    const info = local().erc20;
    const wrong = await local().transferAs("ERC20", info.hotWalletKey, MEMBER_WALLET, 1_000_000n);
    const set = (txHash: string) =>
      w.staff.c.request(
        "PUT",
        `/api/support/desk/requests/${w.requestId}/status`,
        { status: "COMPLETED", txHash },
        key(),
      );
    const refused = await set(wrong);
    expect(refused.json()).toMatchObject({
      code: "PAYOUT_MISMATCH",
      params: { context: "WRONG_AMOUNT" },
    });
    expect(refused.json().message).toMatch(/sends 1 USDT; this withdrawal pays 195 USDT/);
    const right = await local().transferAs("ERC20", info.hotWalletKey, MEMBER_WALLET, 195_000_000n);
    const ok = await set(right);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().withdrawal.status).toBe("CONFIRMING");
    await local().mine("ERC20", 2);
    await followConfirmingPayouts(t.app.money, t.app.clock, t.app.payouts);
    const [claim] = await db().select().from(manualClaims).where(eq(manualClaims.id, w.id));
    expect(claim?.status).toBe("COMPLETED");
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
