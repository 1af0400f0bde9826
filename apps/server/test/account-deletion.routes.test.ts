import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import { client } from "./accounts";
import { createTestApp, type TestApp } from "./app";
import { createSignedInMember, TEST_PASSWORD, USDT } from "./factories";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

const member = (views = 0n, usdt = 0n) =>
  createSignedInMember(t.app, { views, usdt, locale: "en" });

describe("POST /api/me/delete", () => {
  it("asks for the password again", async () => {
    const m = await member();
    const none = await m.c.request("POST", "/api/me/delete", {});
    expect(none.statusCode).toBe(400);
    const wrong = await m.c.request("POST", "/api/me/delete", { password: "not-the-password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe("Password or code is incorrect.");
    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(200);
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
  });

  it("forfeits the balance through the ledger, anonymises the member, keeps the ledger, ends sign-in", async () => {
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
    expect(res.json()).toEqual({ deleted: true, forfeited: { views: "200", usdt: "2000000" } });

    expect((await m.c.request("GET", "/api/me")).statusCode).toBe(401);
    const signIn = await client(t.app).request("POST", "/api/auth/sign-in/email", {
      email: m.user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);

    const [profile] = await queryRows<{
      username: string;
      deleted_at: string | null;
      wallet_address: string | null;
    }>(db(), sql`select username, deleted_at, wallet_address from profiles where id = ${m.id}`);
    expect(profile?.username).toMatch(/^deleted_[0-9a-f]{12}$/);
    expect(profile?.deleted_at).not.toBeNull();
    const [user] = await queryRows<{ email: string }>(
      db(),
      sql`select email from users where id = ${m.me.user.id}`,
    );
    expect(user?.email).not.toContain(m.user.email);
    const kinds = await queryRows<{ kind: string }>(
      db(),
      sql`select t.kind from ledger_entries e join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id where a.profile_id = ${m.id}`,
    );
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["adjustment", "transfer", "account_deletion_forfeit"]),
    );
    const balances = await queryRows<{ balance: string }>(
      db(),
      sql`select balance::text from ledger_accounts where profile_id = ${m.id}`,
    );
    expect(balances.every((b) => b.balance === "0")).toBe(true);
    const toDeleted = await other.c.request("POST", "/api/transfers", {
      recipient: profile?.username ?? "",
      transferType: "USDT",
      amount: "100",
    });
    expect(toDeleted.statusCode).toBe(404);
  });
});
