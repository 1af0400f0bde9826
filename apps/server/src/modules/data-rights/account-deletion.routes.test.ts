import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../../test/app";
import {
  createSignedInMember,
  fundHeld,
  type SignedInMember,
  signedInClient,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { DELETION_CANCELLED_HEADER } from "../auth/auth.session";
import { verifyLedger } from "../ledger/verify-ledger";
import { listMailbox } from "../mail/mail.service";
import { runDueAccountDeletions } from "./account-deletion.service";

const DAY = 24 * 3600_000;
const clock = fixedClock(new Date());
let t: TestApp;
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

const member = (views = 0n, usdt = 0n, locale: "en" | "pt-BR" = "en") =>
  createSignedInMember(t.app, { views, usdt, locale });

const signIn = (m: SignedInMember) =>
  client(t.app).request("POST", "/api/auth/sign-in/email", {
    email: m.user.email,
    password: TEST_PASSWORD,
  });

const deletions = (m: SignedInMember) =>
  queryRows<{ status: string; due_at: Date; forfeited_views: string | null }>(
    db(),
    sql`select status, due_at, forfeited_views::text from account_deletions
        where profile_id = ${m.id} order by requested_at`,
  );

/** The member's e-mails as they read (rendered in their language), oldest first. */
const mails = async (email: string) =>
  (await listMailbox(db(), TEST_ORIGIN, 1000)).filter((m) => m.to === email).reverse();

const balances = (m: SignedInMember) =>
  queryRows<{ currency: string; balance: string }>(
    db(),
    sql`select currency, balance::text from ledger_accounts
        where profile_id = ${m.id} and kind = 'member' order by currency`,
  );

describe("POST /api/me/delete", () => {
  it("asks for the password again", async () => {
    const m = await member();
    const none = await m.c.request("POST", "/api/me/delete", {});
    expect(none.statusCode).toBe(400);
    const wrong = await m.c.request("POST", "/api/me/delete", { password: "not-the-password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("Password or code is incorrect.");
    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(200);
    expect(await deletions(m)).toEqual([]);
  });

  it("is refused while an offer is open, and while a balance remains unless it is given up", async () => {
    const m = await member(300n, USDT(2));
    const listed = await m.c.request("POST", "/api/marketplace/offers", {
      viewsQuantity: "100",
      pricePerView: "0.1",
    });
    const open = await m.c.request("POST", "/api/me/delete", {
      password: TEST_PASSWORD,
      forfeitBalance: true,
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().message).toBe(
      "Cancel your open marketplace offers before deleting your account.",
    );
    await m.c.request("POST", `/api/marketplace/offers/${listed.json().offer.id}/cancel`);
    const balance = await m.c.request("POST", "/api/me/delete", { password: TEST_PASSWORD });
    expect(balance.statusCode).toBe(409);
    expect(balance.json()).toMatchObject({
      message:
        "You still have a balance. Withdraw or spend it first, or confirm that you give it up.",
      field: "forfeitBalance",
    });
    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(200);
    expect(await deletions(m)).toEqual([]);
  });

  it("is refused in Portuguese while a withdrawal is pending", async () => {
    const m = await member(0n, USDT(500), "pt-BR");
    const withdrawal = await m.c.request(
      "POST",
      "/api/withdrawals",
      {
        amount: "100",
        network: "TRC20",
        walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
        password: TEST_PASSWORD,
      },
      { "idempotency-key": "deletion-withdrawal-1" },
    );
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const res = await m.c.request(
      "POST",
      "/api/me/delete",
      { password: TEST_PASSWORD, forfeitBalance: true },
      { "accept-language": "pt-BR" },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Aguarde a conclusão do seu saque pendente antes de excluir sua conta.",
    );
    expect(await deletions(m)).toEqual([]);
  });

  it("schedules the deletion after the grace period, signs out everywhere and e-mails the date; nothing moves yet", async () => {
    const m = await member(300n, USDT(2));
    const res = await m.c.request("POST", "/api/me/delete", {
      password: TEST_PASSWORD,
      forfeitBalance: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const due = new Date(clock.now().getTime() + 7 * DAY);
    expect(res.json()).toEqual({ scheduled: true, deleteAt: due.toISOString() });
    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(401);
    const [sessions] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from sessions where user_id = ${m.me.user.id}`,
    );
    expect(sessions?.n).toBe(0);
    expect(await deletions(m)).toMatchObject([{ status: "SCHEDULED" }]);
    expect(await balances(m)).toEqual([
      { currency: "USDT", balance: "2000000" },
      { currency: "VIEWS", balance: "300" },
    ]);
    const [scheduled] = await mails(m.user.email);
    expect(scheduled?.subject).toBe(
      `Your account will be deleted on ${new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(due)} UTC`,
    );
    expect(scheduled?.text).toContain("To cancel, simply sign in before then.");
    expect(scheduled?.text).toContain(`${TEST_ORIGIN}/auth`);
    // Not due yet: the job leaves it alone.
    clock.advance(7 * DAY - 60_000);
    expect((await runDueAccountDeletions(db(), clock)).done).not.toContain(m.id);
    clock.advance(60_000);
    expect((await runDueAccountDeletions(db(), clock)).done).toContain(m.id);
  });

  it("signing in during the grace period cancels the deletion, says so, e-mails it and gives everything back untouched", async () => {
    const m = await member(250n, USDT(3), "pt-BR");
    expect(
      (
        await m.c.request("POST", "/api/me/delete", {
          password: TEST_PASSWORD,
          forfeitBalance: true,
        })
      ).statusCode,
    ).toBe(200);
    clock.advance(3 * DAY);
    const back = await signIn(m);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.headers[DELETION_CANCELLED_HEADER]).toBe("cancelled");
    expect(await deletions(m)).toMatchObject([{ status: "CANCELLED" }]);
    expect(await balances(m)).toEqual([
      { currency: "USDT", balance: "3000000" },
      { currency: "VIEWS", balance: "250" },
    ]);
    const messages = await mails(m.user.email);
    expect(messages.map((x) => x.subject)).toEqual([
      expect.stringMatching(/^Sua conta será excluída em /),
      "A exclusão da sua conta foi cancelada",
    ]);
    // A later sign-in says nothing; the job, past the date, deletes nobody.
    expect((await signIn(m)).headers[DELETION_CANCELLED_HEADER]).toBeUndefined();
    clock.advance(10 * DAY);
    expect((await runDueAccountDeletions(db(), clock)).done).not.toContain(m.id);
    expect((await signIn(m)).statusCode).toBe(200);
  });

  it("a wrong password during the grace period cancels nothing", async () => {
    const m = await member();
    await m.c.request("POST", "/api/me/delete", { password: TEST_PASSWORD });
    const wrong = await client(t.app).request("POST", "/api/auth/sign-in/email", {
      email: m.user.email,
      password: "not-the-password",
    });
    expect(wrong.statusCode).toBe(401);
    expect(await deletions(m)).toMatchObject([{ status: "SCHEDULED" }]);
  });

  it("counts earnings on hold as balance, and the job claws them back before the forfeit (ADR 047)", async () => {
    const m = await member();
    await fundHeld(db(), m.id, 30n, { now: clock.now(), hours: 24 * 30 });
    // Only held views: still a balance the member must choose to give up.
    const refused = await m.c.request("POST", "/api/me/delete", { password: TEST_PASSWORD });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().field).toBe("forfeitBalance");
    const res = await m.c.request("POST", "/api/me/delete", {
      password: TEST_PASSWORD,
      forfeitBalance: true,
    });
    expect(res.statusCode).toBe(200);
    clock.advance(7 * DAY);
    expect((await runDueAccountDeletions(db(), clock)).done).toContain(m.id);
    expect((await deletions(m))[0]).toMatchObject({ status: "DONE", forfeited_views: "30" });
    const holds = await queryRows<{ status: string; reason: string }>(
      db(),
      sql`select status, reason from earning_holds where member_id = ${m.id}`,
    );
    expect(holds).toEqual([{ status: "CLAWED_BACK", reason: "accountDeleted" }]);
    const held = await queryRows<{ balance: string }>(
      db(),
      sql`select balance::text from ledger_accounts where profile_id = ${m.id} and kind = 'member_held'`,
    );
    expect(held.map((r) => r.balance)).toEqual(["0", "0"]);
  });

  it("the job forfeits the balance left then through the ledger, anonymises the member, keeps the ledger, ends sign-in, e-mails once", async () => {
    const m = await member(300n, USDT(2));
    const other = await member(0n, USDT(200));
    await m.c.request("POST", "/api/transfers", {
      recipient: other.profile.username,
      transferType: "VIEWS",
      amount: "100",
    });
    const res = await m.c.request("POST", "/api/me/delete", {
      password: TEST_PASSWORD,
      forfeitBalance: true,
    });
    expect(res.statusCode).toBe(200);
    // Money received during the grace period goes with the account (the e-mail said so).
    await other.c.request("POST", "/api/transfers", {
      recipient: m.profile.username,
      transferType: "USDT",
      amount: "100",
    });
    clock.advance(7 * DAY);
    const run = await runDueAccountDeletions(db(), clock);
    expect(run.done).toContain(m.id);
    expect((await runDueAccountDeletions(db(), clock)).done).not.toContain(m.id);
    const [row] = await queryRows<{
      status: string;
      forfeited_views: string;
      forfeited_usdt: string;
      forfeit_ledger_transaction_id: string;
    }>(
      db(),
      sql`select status, forfeited_views::text, forfeited_usdt::text, forfeit_ledger_transaction_id
          from account_deletions where profile_id = ${m.id}`,
    );
    expect(row).toMatchObject({
      status: "DONE",
      forfeited_views: "200",
      forfeited_usdt: "102000000",
    });
    const forfeits = await queryRows<{ kind: string; id: string }>(
      db(),
      sql`select id, kind from ledger_transactions where actor_profile_id = ${m.id}
          and kind = 'account_deletion_forfeit'`,
    );
    expect(forfeits).toEqual([
      { id: row?.forfeit_ledger_transaction_id, kind: "account_deletion_forfeit" },
    ]);

    expect((await signIn(m)).statusCode).toBeGreaterThanOrEqual(400);
    const [profile] = await queryRows<{
      username: string;
      deleted_at: string | null;
      wallet_address: string | null;
    }>(db(), sql`select username, deleted_at, wallet_address from profiles where id = ${m.id}`);
    expect(profile?.username).toMatch(/^deleted_[0-9a-f]{12}$/);
    expect(profile?.deleted_at).not.toBeNull();
    const [user] = await queryRows<{ email: string; username: string | null }>(
      db(),
      sql`select email, username from users where id = ${m.me.user.id}`,
    );
    expect(user?.email).toMatch(/@deleted\.invalid$/);
    expect(user?.username).toBe(profile?.username);
    const kinds = await queryRows<{ kind: string }>(
      db(),
      sql`select t.kind from ledger_entries e join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id where a.profile_id = ${m.id}`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["adjustment", "transfer", "account_deletion_forfeit"]),
    );
    expect((await balances(m)).every((b) => b.balance === "0")).toBe(true);
    const toDeleted = await other.c.request("POST", "/api/transfers", {
      recipient: profile?.username ?? "",
      transferType: "USDT",
      amount: "100",
    });
    expect(toDeleted.statusCode).toBe(404);
    // Only the "deleted" e-mail is left for that address (the earlier ones were erased).
    const messages = await mails(m.user.email);
    expect(messages.map((x) => x.subject)).toEqual(["Your account was deleted"]);
    // A day after it was sent, its address is redacted too.
    await t.app.mailer.deliverDue();
    clock.advance(2 * DAY);
    await runDueAccountDeletions(db(), clock);
    expect(await mails(m.user.email)).toEqual([]);
  });

  it("a second request while one is scheduled answers the same date and schedules nothing more", async () => {
    const m = await member();
    const first = await m.c.request("POST", "/api/me/delete", { password: TEST_PASSWORD });
    // Another device's session made directly (as if it had survived), not a sign-in.
    const again = await signedInClient(t.app, { authUid: m.me.user.id });
    const second = await again.request("POST", "/api/me/delete", { password: TEST_PASSWORD });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await deletions(m)).toHaveLength(1);
  });

  it("a new session made inside Better Auth's own transaction (a password change) cancels it too", async () => {
    const m = await member();
    await m.c.request("POST", "/api/me/delete", { password: TEST_PASSWORD });
    const again = await signedInClient(t.app, { authUid: m.me.user.id });
    const changed = await again.request("POST", "/api/auth/change-password", {
      currentPassword: TEST_PASSWORD,
      newPassword: "amber-harbour-73-lantern",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expect.poll(async () => (await deletions(m))[0]?.status).toBe("CANCELLED");
  });
});
