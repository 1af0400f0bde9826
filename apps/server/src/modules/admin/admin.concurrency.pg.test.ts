import { INVITE, REFERRAL } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  heldReferral,
  type SignedInMember,
  TEST_PASSWORD,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { readBalances } from "../ledger/ledger.repository";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`held referral decisions under concurrency (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  let admins: SignedInMember[];
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(20);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
    admins = await Promise.all(
      [1, 2, 3, 4].map(() => createSignedInMember(t.app, { role: "admin", twoFactor: true })),
    );
    for (const a of admins) {
      const res = await a.c.request("POST", "/api/admin/step-up", { password: TEST_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it("four admins approving one held referral at once pay it once", async () => {
    for (let round = 0; round < 5; round++) {
      const held = await heldReferral(db());
      const answers = await Promise.all(
        admins.map((a) =>
          a.c.request("POST", `/api/admin/referrals/${held.id}/approve`, { reason: `r${round}` }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect((await readBalances(db(), held.referrer.profile.id)).views).toBe(
        REFERRAL.signupRewardViews,
      );
      expect((await readBalances(db(), held.referee.profile.id)).usdt).toBe(
        INVITE.signupBonusMicroUsdt,
      );
      const postings = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from ledger_transactions
            where kind = 'referral_reward' and memo ->> 'referee' = ${held.referee.profile.id}`,
      );
      expect(postings[0]?.n).toBe(1);
      const audit = await queryRows<{ n: number }>(
        db(),
        sql`select count(*)::int as n from audit_events where action = 'referral.approve'
            and target_profile_id = ${held.referee.profile.id}::uuid`,
      );
      expect(audit[0]?.n).toBe(1);
    }
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("approve racing reject has exactly one outcome", async () => {
    for (let round = 0; round < 5; round++) {
      const held = await heldReferral(db());
      const [a, b] = admins;
      if (!a || !b) throw new Error("no admins");
      const answers = await Promise.all([
        a.c.request("POST", `/api/admin/referrals/${held.id}/approve`, { reason: "ok" }),
        b.c.request("POST", `/api/admin/referrals/${held.id}/reject`, { reason: "no" }),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [row] = await queryRows<{ status: string }>(
        db(),
        sql`select status from referrals where id = ${held.id}::uuid`,
      );
      const paid = (await readBalances(db(), held.referee.profile.id)).usdt;
      expect(paid).toBe(row?.status === "PAID" ? INVITE.signupBonusMicroUsdt : 0n);
    }
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
