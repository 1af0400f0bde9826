import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { client, registerMember } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, fund, USDT } from "../../../test/factories";
import { profiles, referrals } from "../../db/schema";
import { postTransaction } from "../ledger/ledger.service";
import { verifyLedger } from "../ledger/verify-ledger";
import { grantSignupRewards } from "../referrals/referrals.service";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

function member(views = 0n, usdt = 0n) {
  return createSignedInMember(t.app, { views, usdt });
}

async function balances(c: Awaited<ReturnType<typeof member>>["c"]) {
  return (await c.request("GET", "/api/balances")).json() as {
    views: string;
    usdt: string;
    pendingUsdt: string;
  };
}

describe("the ledger service", () => {
  it("refuses an unbalanced posting and a member overdraft, writing nothing", async () => {
    const { me } = await member(50n);
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: "adjustment",
          actorProfileId: null,
          legs: [{ account: { member: me.profile.id, currency: "VIEWS" }, amount: 5n }],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      db().transaction((tx) =>
        postTransaction(tx, {
          kind: "adjustment",
          actorProfileId: null,
          legs: [
            { account: { member: me.profile.id, currency: "VIEWS" }, amount: -51n },
            { account: { system: "rewards", currency: "VIEWS" }, amount: 51n },
          ],
        }),
      ),
    ).rejects.toThrow(/insufficient VIEWS/);
  });
});

describe("swap center", () => {
  it("swaps views to USDT at 0.1 USDT per view and back buying whole views only", async () => {
    const { c } = await member(1_000n);
    const toUsdt = await c.request("POST", "/api/swaps", {
      direction: "VIEWS_TO_USDT",
      amount: "150",
    });
    expect(toUsdt.statusCode).toBe(200);
    expect(toUsdt.json().swap).toMatchObject({
      viewsAmount: "150",
      usdtAmount: "15000000",
      swapRate: "0.100000",
      status: "COMPLETED",
    });
    expect(toUsdt.json().balances).toMatchObject({ views: "850", usdt: "15000000" });

    // 1.25 USDT buys 12 whole views for exactly 1.2 USDT.
    const toViews = await c.request("POST", "/api/swaps", {
      direction: "USDT_TO_VIEWS",
      amount: "1.25",
    });
    expect(toViews.statusCode).toBe(200);
    expect(toViews.json().swap).toMatchObject({ viewsAmount: "12", usdtAmount: "1200000" });
    expect(await balances(c)).toMatchObject({ views: "862", usdt: "13800000" });

    const recent = await c.request("GET", "/api/swaps");
    expect(recent.json().swaps.map((s: { direction: string }) => s.direction)).toEqual([
      "USDT_TO_VIEWS",
      "VIEWS_TO_USDT",
    ]);
  });

  it("answers the seeds' messages in the member's language", async () => {
    const { c } = await member(10n, USDT(1));
    for (const amount of ["0", "-5", "abc", "1.5"]) {
      const res = await c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount });
      expect(res.statusCode, amount).toBe(400);
      expect(res.json()).toMatchObject({
        code: "INVALID_AMOUNT",
        message: "Please enter a valid amount",
        field: "amount",
      });
    }
    // The seeds' words are Portuguese: a member who reads Portuguese gets them verbatim.
    const pt = await c.request("PATCH", "/api/me/profile", { locale: "pt-BR" });
    expect(pt.statusCode).toBe(200);
    const tooSmall = await c.request("POST", "/api/swaps", {
      direction: "USDT_TO_VIEWS",
      amount: "0.05",
    });
    expect(tooSmall.json().message).toBe("Digite um valor válido");
    const views = await c.request("POST", "/api/swaps", {
      direction: "VIEWS_TO_USDT",
      amount: "11",
    });
    expect(views.statusCode).toBe(422);
    expect(views.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "Você não possui views suficientes",
      params: { context: "swapViews" },
    });
    const usdt = await c.request("POST", "/api/swaps", { direction: "USDT_TO_VIEWS", amount: "2" });
    expect(usdt.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "Você não possui USDT suficiente",
    });
    expect(await balances(c)).toMatchObject({ views: "10", usdt: "1000000" });
  });
});

describe("transfers", () => {
  it("sends views by username and USDT by id, with history on both sides", async () => {
    const a = await member(500n, USDT(300));
    const b = await member();
    const preview = await a.c.request(
      "GET",
      `/api/transfers/recipient?query=${b.me.profile.username}`,
    );
    expect(preview.json()).toMatchObject({ id: b.me.profile.id, username: b.me.profile.username });

    const views = await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "120",
    });
    expect(views.statusCode).toBe(200);
    expect(views.json().transfer).toMatchObject({
      direction: "sent",
      amount: "120",
      status: "COMPLETED",
    });
    const usdt = await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.id,
      transferType: "USDT",
      amount: "100.50",
    });
    expect(usdt.statusCode).toBe(200);
    expect(await balances(a.c)).toMatchObject({ views: "380", usdt: "199500000" });
    expect(await balances(b.c)).toMatchObject({ views: "120", usdt: "100500000" });
    const history = (await b.c.request("GET", "/api/transfers")).json().transfers;
    expect(
      history.map(
        (x: { direction: string; transferType: string }) => `${x.direction}:${x.transferType}`,
      ),
    ).toEqual(["received:USDT", "received:VIEWS"]);
  });

  it("reads the recipient with the shared rule and settles whether they can receive at commit (ADR 043)", async () => {
    const a = await member(1_000n);
    const b = await member();
    const send = (recipient: string, headers: Record<string, string> = {}) =>
      a.c.request(
        "POST",
        "/api/transfers",
        { recipient, transferType: "VIEWS", amount: "100" },
        headers,
      );
    const named = await send(`  @${b.me.profile.username.toUpperCase()} `);
    expect(named.statusCode).toBe(200);
    expect(named.json().transfer.recipient.id).toBe(b.me.profile.id);
    expect((await send(b.me.profile.id.toUpperCase())).statusCode).toBe(200);
    const noOne = await send("bru-no");
    expect(noOne.statusCode).toBe(404);
    expect(noOne.json().code).toBe("RECIPIENT_NOT_FOUND");

    const first = await send(b.me.profile.username, { "idempotency-key": "recipient-rule-1" });
    expect(first.statusCode).toBe(200);
    await db().update(profiles).set({ suspended: true }).where(eq(profiles.id, b.me.profile.id));
    for (const recipient of [b.me.profile.username, b.me.profile.id]) {
      const refused = await send(recipient);
      expect(refused.statusCode, recipient).toBe(404);
      expect(refused.json().code).toBe("RECIPIENT_NOT_FOUND");
    }
    // The key was claimed before the recipient was checked: its retry replays the first answer.
    const retry = await send(b.me.profile.username, { "idempotency-key": "recipient-rule-1" });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json().transfer.id).toBe(first.json().transfer.id);
    expect(await balances(a.c)).toMatchObject({ views: "700" });
  });

  it("answers every seed message and changes nothing", async () => {
    const a = await member(150n, USDT(150));
    const b = await member();
    const send = (body: Record<string, string>) =>
      a.c.request("POST", "/api/transfers", {
        recipient: b.me.profile.username,
        transferType: "VIEWS",
        amount: "100",
        ...body,
      });
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ amount: "abc" }, 400, "Please enter a valid amount"],
      [{ amount: "99" }, 422, "Minimum transfer is 100 views"],
      [{ transferType: "USDT", amount: "99.99" }, 422, "Minimum transfer is 100.00 USDT"],
      [{ amount: "151" }, 422, "Insufficient view balance"],
      [{ transferType: "USDT", amount: "150.01" }, 422, "Insufficient USDT balance"],
      [{ recipient: a.me.profile.username }, 422, "Cannot transfer to yourself"],
      [{ recipient: a.me.profile.id }, 422, "Cannot transfer to yourself"],
      [{ recipient: "nobody_by_that_name" }, 404, "Recipient not found"],
      [{ recipient: "00000000-0000-0000-0000-000000000000" }, 404, "Recipient not found"],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    const empty = await send({ recipient: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields[0].message).toBe("Please enter recipient ID");
    expect(await balances(a.c)).toMatchObject({ views: "150", usdt: "150000000" });
  });

  it("never lets a member move another member's money by changing an id", async () => {
    const a = await member(500n);
    const victim = await member(500n);
    // There is no sender field: any extra id in the body is ignored, the sender is the session.
    const res = await a.c.request("POST", "/api/transfers", {
      recipient: a.me.profile.username,
      transferType: "VIEWS",
      amount: "100",
      senderId: victim.me.profile.id,
    });
    expect(res.json().message).toBe("Cannot transfer to yourself");
    expect(await balances(victim.c)).toMatchObject({ views: "500" });
    const anonymous = await client(t.app).request("POST", "/api/transfers", {
      recipient: a.me.profile.username,
      transferType: "VIEWS",
      amount: "100",
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("idempotency", () => {
  it("replays the first response byte for byte and refuses the key with another body", async () => {
    const a = await member(1_000n);
    const b = await member();
    const body = { recipient: b.me.profile.username, transferType: "VIEWS", amount: "100" };
    const key = { "idempotency-key": `transfer-${Date.now()}` };
    const first = await a.c.request("POST", "/api/transfers", body, key);
    const second = await a.c.request("POST", "/api/transfers", body, key);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers["idempotent-replayed"]).toBe("true");
    expect(await balances(b.c)).toMatchObject({ views: "100" });
    const other = await a.c.request("POST", "/api/transfers", { ...body, amount: "200" }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(
      (await a.c.request("POST", "/api/transfers", body, { "idempotency-key": "bad key!" }))
        .statusCode,
    ).toBe(400);
  });

  it("lets a failed request be retried with the same key", async () => {
    const a = await member(50n);
    const b = await member();
    const body = { recipient: b.me.profile.username, transferType: "VIEWS", amount: "100" };
    const key = { "idempotency-key": `retry-${Date.now()}` };
    expect((await a.c.request("POST", "/api/transfers", body, key)).statusCode).toBe(422);
    await fund(db(), a.me.profile.id, { views: 100n });
    expect((await a.c.request("POST", "/api/transfers", body, key)).statusCode).toBe(200);
  });
});

describe("activity", () => {
  it("lists every entry with reason, counterparty and balance after, pages, filters and exports CSV", async () => {
    const a = await member(1_000n, USDT(200));
    const b = await member();
    await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "100",
    });
    await a.c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "10" });
    const page1 = (await a.c.request("GET", "/api/activity?limit=2")).json();
    expect(page1.entries).toHaveLength(2);
    expect(page1.entries[0]).toMatchObject({
      kind: "swap",
      currency: "USDT",
      amount: "1000000",
      balanceAfter: "201000000",
    });
    expect(page1.entries[1]).toMatchObject({
      kind: "swap",
      currency: "VIEWS",
      amount: "-10",
      balanceAfter: "890",
    });
    const page2 = (
      await a.c.request("GET", `/api/activity?limit=2&cursor=${page1.nextCursor}`)
    ).json();
    expect(page2.entries[0]).toMatchObject({
      kind: "transfer",
      amount: "-100",
      balanceAfter: "900",
      counterparty: { username: b.me.profile.username },
    });
    const usdtOnly = (await a.c.request("GET", "/api/activity?currency=USDT")).json();
    expect(usdtOnly.entries.every((e: { currency: string }) => e.currency === "USDT")).toBe(true);
    const transfersOnly = (await a.c.request("GET", "/api/activity?kind=transfer")).json();
    expect(transfersOnly.entries).toHaveLength(1);
    const csv = await a.c.request("GET", "/api/activity.csv");
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\n");
    expect(lines[0]).toBe(
      "date,kind,currency,amount,balance_after,counterparty,transaction_id,balance,clears_at",
    );
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toContain(",swap,USDT,1.000000,201.000000,");
  });
});

describe("referral rewards", () => {
  it("pays +1 view to the referrer and the bonus to the member on confirmation, once", async () => {
    const inviter = await member();
    // Signs up over HTTP with the inviter's username and confirms: the confirmation is what pays.
    const invited = await registerMember(t.app, db(), { referralId: inviter.me.profile.username });
    await new Promise((r) => setTimeout(r, 100));
    expect(await balances(invited.c)).toMatchObject({ usdt: "10000000" });
    // +1 view and 1 % of the 10 USDT bonus.
    expect(await balances(inviter.c)).toMatchObject({ views: "1", usdt: "100000" });
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, invited.me.profile.id));
    expect(row).toMatchObject({ status: "PAID", viewsBonus: 1n, usdtBonus: 10_000_000n });
    const summary = (await inviter.c.request("GET", "/api/referrals/summary")).json();
    expect(summary).toMatchObject({
      totalReferrals: 1,
      viewsFromReferrals: "1",
      usdtFromReferrals: "100000",
      badge: null,
    });
    expect(summary.recent[0].referred.username).toBe(invited.me.profile.username);
  });

  it("says per referral what the referrer earned, apart from the member's welcome bonus", async () => {
    const inviter = await member();
    const invited = await registerMember(t.app, db(), { referralId: inviter.me.profile.username });
    await new Promise((r) => setTimeout(r, 100));
    const recent = async () =>
      (await inviter.c.request("GET", "/api/referrals/summary")).json().recent[0];
    // +1 view and 1 % of the 10 USDT welcome bonus for the referrer; the bonus is the member's.
    expect(await recent()).toMatchObject({
      referred: { username: invited.me.profile.username },
      status: "PAID",
      earnedViews: "1",
      earnedUsdt: "100000",
      usdtBonus: "10000000",
    });
    // The commission on the member's later conversion adds up per referral.
    await fund(db(), invited.me.profile.id, { views: 1_000n });
    await invited.c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "1000" });
    expect(await recent()).toMatchObject({ earnedViews: "1", earnedUsdt: "1100000" });
  });

  it("pays commission only on new net conversion", async () => {
    const inviter = await member();
    const invited = await createSignedInMember(t.app, { referredBy: inviter.id });
    // What confirming the e-mail grants an invited member (the test above covers that path).
    expect((await grantSignupRewards(db(), invited.id)).outcome).toBe("paid");
    await fund(db(), invited.me.profile.id, { views: 1_000n });
    const start = BigInt((await balances(inviter.c)).usdt);
    await invited.c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "1000" }); // +100 USDT
    const afterFirst = BigInt((await balances(inviter.c)).usdt);
    expect(afterFirst - start).toBe(1_000_000n); // 1 % of 100 USDT
    for (let i = 0; i < 3; i++) {
      await invited.c.request("POST", "/api/swaps", { direction: "USDT_TO_VIEWS", amount: "100" });
      await invited.c.request("POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "1000" });
    }
    expect(BigInt((await balances(inviter.c)).usdt)).toBe(afterFirst);
  });

  it("holds a sign-up that shares a network with its referrer for staff review", async () => {
    const inviter = await member();
    const c = client(t.app, inviter.c.ip); // same network as the inviter
    const user = {
      username: `same${Date.now() % 1e6}`,
      email: `same${Date.now()}@example.test`,
      password: "violet-lantern-42",
    };
    await c.request("POST", "/api/auth/sign-up/email", {
      ...user,
      name: user.username,
      referralId: inviter.me.profile.username,
    });
    const { lastMailTo, follow } = await import("../../../test/accounts");
    await follow(c, (await lastMailTo(db(), user.email)).link);
    await new Promise((r) => setTimeout(r, 100));
    const me = (await c.request("GET", "/api/me")).json();
    const [row] = await db()
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, me.profile.id));
    expect(row).toMatchObject({ status: "HELD" });
    expect(row?.flagReason).toContain("same network");
    const summary = (await inviter.c.request("GET", "/api/referrals/summary")).json();
    expect(summary.recent[0]).toMatchObject({ status: "HELD", earnedViews: "0", earnedUsdt: "0" });
    expect(await balances(c)).toMatchObject({ usdt: "0" });
    expect(await balances(inviter.c)).toMatchObject({ views: "0", usdt: "0" });
  });
});

describe("transfer e-mails", () => {
  it("e-mails the recipient in their language unless they turned transaction e-mails off", async () => {
    const { lastMailTo, mailCount } = await import("../../../test/accounts");
    const a = await member(1_000n);
    const b = await createSignedInMember(t.app, { locale: "pt-BR" });
    await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    const mail = await lastMailTo(db(), b.user.email);
    expect(mail.kind).toBe("transfer-received");
    expect(mail.subject).toBe("Você recebeu 150 views no ViewVault");
    expect(mail.text).toContain(`@${a.me.profile.username}`);
    const before = await mailCount(db(), b.user.email);
    await b.c.request("PUT", "/api/me/notifications", {
      newSignIn: true,
      transactions: false,
      product: false,
    });
    await a.c.request("POST", "/api/transfers", {
      recipient: b.me.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    expect(await mailCount(db(), b.user.email)).toBe(before);
  });
});
