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
import { notifications, profiles } from "../../db/schema";
import { verifyLedger } from "../ledger/verify-ledger";

/**
 * The networks the server verifies, as the database knows them (ADR 073): written from the
 * configuration at start, and `vv_withdraw_complete` — called directly, past the service —
 * refuses to complete one of them by hand; on a manual network it records the payout as sent by
 * support ("recorded", never "confirmed").
 */
const suite = describe.skipIf(!pgUrl);
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const EVM = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

suite(`verified networks in the database (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(8);
    // A stale row from an earlier configuration: the start rewrites the table.
    await database.db.execute(sql`insert into payout_verified_networks (network) values ('TRC20')`);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
      chains: { ERC20: new FakeChain("ERC20") },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  async function taken(network: "TRC20" | "ERC20"): Promise<{ request: string; staff: string }> {
    const m = await createSignedInMember(t.app, { usdt: USDT(100) });
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
    const res = await m.c.request(
      "POST",
      "/api/withdrawals",
      {
        password: TEST_PASSWORD,
        network,
        walletAddress: network === "TRC20" ? TRON : EVM,
        amount: "100",
      },
      { "idempotency-key": `vn-${network}-${m.id}` },
    );
    expect(res.statusCode, res.body).toBe(201);
    const s: SignedInMember = await createSignedInMember(t.app, {
      role: "support",
      twoFactor: true,
    });
    await s.c.request("POST", "/api/support/desk/unlock", { password: TEST_PASSWORD });
    const [row] = await queryRows<{ id: string }>(
      db(),
      sql`select id from support_requests where withdrawal_id = ${res.json().withdrawal.id}`,
    );
    const take = await s.c.request("PUT", `/api/support/desk/requests/${row!.id}/status`, {
      status: "PROCESSING",
    });
    expect(take.statusCode, take.body).toBe(200);
    return { request: row!.id, staff: s.id };
  }

  /** The completion command itself, as any caller could run it. */
  function complete(t2: { request: string; staff: string }, hash: string) {
    return db().execute(
      sql`select vv_withdraw_complete(${t2.staff}::uuid, 'support', '127.0.0.1', null, 'test', 'h',
            ${t2.request}::uuid, ${hash}, now())`,
    );
  }

  it("holds exactly the configured networks after start", async () => {
    const rows = await queryRows<{ network: string }>(
      db(),
      sql`select network from payout_verified_networks order by network`,
    );
    expect(rows.map((r) => r.network)).toEqual(["ERC20"]);
  });

  it("refuses to complete a verified network by hand; records a manual one as sent by support", async () => {
    const erc = await taken("ERC20");
    const refusal = await complete(erc, `0x${"cd".repeat(32)}`).then(
      () => null,
      (e: { cause?: { message?: string; detail?: string } }) => e.cause,
    );
    expect(refusal?.message).toBe("CONFLICT");
    expect(JSON.parse(refusal?.detail ?? "{}")).toEqual({
      context: "verifiedNetwork",
      network: "ERC20",
    });
    const [erc20Claim] = await queryRows<{ status: string; tx_hash: string | null }>(
      db(),
      sql`select c.status, c.tx_hash from manual_claims c join support_requests r on r.withdrawal_id = c.id
          where r.id = ${erc.request}::uuid`,
    );
    expect(erc20Claim).toEqual({ status: "SENT", tx_hash: null });

    const tron = await taken("TRC20");
    await complete(tron, "ab".repeat(32));
    const [claim] = await queryRows<{ id: string; user_id: string; status: string }>(
      db(),
      sql`select c.id, c.user_id, c.status from manual_claims c join support_requests r on r.withdrawal_id = c.id
          where r.id = ${tron.request}::uuid`,
    );
    expect(claim?.status).toBe("COMPLETED");
    const steps = await queryRows<{ step: string }>(
      db(),
      sql`select step from withdrawal_timeline where withdrawal_id = ${claim!.id}::uuid order by id`,
    );
    expect(steps.map((s) => s.step)).toEqual(["requested", "in_review", "recorded"]);
    const told = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.memberId, claim!.user_id));
    expect(told.map((n) => n.kind)).toEqual(["payoutRecorded"]);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
