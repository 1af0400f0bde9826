import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { client, registerMember } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, fund } from "../../../test/factories";
import { referrals } from "../../db/schema";
import { grantSignupRewards } from "./referrals.service";

const db = () => t.database.db;

const t = useTestApp({
  env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  verifyLedger: true,
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
