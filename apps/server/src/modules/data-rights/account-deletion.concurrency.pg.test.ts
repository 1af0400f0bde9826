import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  type SignedInMember,
  signedInClient,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";
import { runDueAccountDeletions } from "./account-deletion.service";

const DAY = 24 * 3600_000;
const suite = describe.skipIf(!pgUrl);

suite(`account deletion under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  const clock = fixedClock(new Date());
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      clock,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });
  afterEach(async () => {
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  const count = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ n: number }>(db(), query))[0]?.n ?? -1;
  const forfeits = (m: SignedInMember) =>
    count(sql`select count(*)::int as n from ledger_transactions
              where actor_profile_id = ${m.id} and kind = 'account_deletion_forfeit'`);
  const doneMails = (m: SignedInMember) =>
    count(sql`select count(*)::int as n from mail_outbox
              where "to" = ${m.user.email} and kind = 'account-deletion-done'`);
  const request = (c: SignedInMember["c"]) =>
    c.request("POST", "/api/me/delete", { password: TEST_PASSWORD, forfeitBalance: true });

  it("two deletion requests at once (two devices), 10 times: one scheduled deletion, then one forfeit", async () => {
    const members: SignedInMember[] = [];
    for (let round = 0; round < 10; round++) {
      const m = await createSignedInMember(t.app, { views: 300n, usdt: USDT(5) });
      const second = await signedInClient(t.app, { authUid: m.me.user.id });
      const answers = await Promise.all([request(m.c), request(second)]);
      // Each is either scheduled (the same date) or, if the other revoked its session first, 401.
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 401)).toBe(true);
      expect(new Set(ok.map((a) => a.json().deleteAt)).size).toBe(1);
      expect(
        await count(
          sql`select count(*)::int as n from account_deletions where profile_id = ${m.id}`,
        ),
      ).toBe(1);
      members.push(m);
    }
    clock.advance(7 * DAY);
    await runDueAccountDeletions(db(), clock);
    for (const m of members) {
      expect(await forfeits(m)).toBe(1);
      expect(await doneMails(m)).toBe(1);
    }
  });

  it("the job run by two runners at once: every due deletion performed once, one forfeit and one e-mail each", async () => {
    const members = await Promise.all(
      Array.from({ length: 30 }, () => createSignedInMember(t.app, { views: 120n, usdt: USDT(1) })),
    );
    for (const m of members) expect((await request(m.c)).statusCode).toBe(200);
    clock.advance(7 * DAY);
    // Small batches, so both runners keep finding work while the other holds rows.
    const runner = async () => {
      const done: string[] = [];
      for (;;) {
        const batch = await runDueAccountDeletions(db(), clock, 4);
        if (batch.done.length === 0) return done;
        done.push(...batch.done);
      }
    };
    const [a, b] = await Promise.all([runner(), runner()]);
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
    for (const m of members) {
      expect(all).toContain(m.id);
      expect(await forfeits(m)).toBe(1);
      expect(await doneMails(m)).toBe(1);
    }
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
  });

  it("signing in racing the job, 20 times: either cancelled with everything intact or deleted with no session, never half", async () => {
    const outcomes = { cancelled: 0, deleted: 0 };
    for (let round = 0; round < 20; round++) {
      const m = await createSignedInMember(t.app, { views: 200n, usdt: USDT(2) });
      expect((await request(m.c)).statusCode).toBe(200);
      clock.advance(7 * DAY);
      const [signIn] = await Promise.all([
        client(t.app).request("POST", "/api/auth/sign-in/email", {
          email: m.user.email,
          password: TEST_PASSWORD,
        }),
        runDueAccountDeletions(db(), clock),
      ]);
      const [row] = await queryRows<{ status: string; deleted: boolean; sessions: number }>(
        db(),
        sql`select d.status, p.deleted_at is not null as deleted,
                   (select count(*)::int from sessions s where s.user_id = p.auth_uid) as sessions
            from account_deletions d join profiles p on p.id = d.profile_id
            where d.profile_id = ${m.id}`,
      );
      const balances = await queryRows<{ balance: string }>(
        db(),
        sql`select balance::text from ledger_accounts where profile_id = ${m.id} and kind = 'member'
            order by currency`,
      );
      if (signIn.statusCode === 200) {
        outcomes.cancelled++;
        expect(row).toEqual({ status: "CANCELLED", deleted: false, sessions: 1 });
        expect(balances.map((b) => b.balance)).toEqual(["2000000", "200"]);
        expect(await forfeits(m)).toBe(0);
      } else {
        outcomes.deleted++;
        expect(row).toEqual({ status: "DONE", deleted: true, sessions: 0 });
        expect(balances.map((b) => b.balance)).toEqual(["0", "0"]);
        expect(await forfeits(m)).toBe(1);
        expect(await doneMails(m)).toBe(1);
      }
    }
    expect(outcomes.cancelled + outcomes.deleted).toBe(20);
  });
});
