import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyLedger } from "../../src/modules/ledger/verify-ledger";
import { client, signIn } from "../accounts";
import { createTestApp, type TestApp } from "../app";
import {
  authOf,
  createSession,
  createSignedInMember,
  memberFactory,
  signedInClient,
  signedSessionCookie,
  TEST_PASSWORD,
  USDT,
} from "./index";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());

describe("the member factory", () => {
  it("makes a confirmed member with profile and ledger accounts, funded through the ledger", async () => {
    const m = await createSignedInMember(t.app, { views: 120n, usdt: USDT(3) });
    const me = await m.c.request("GET", "/api/me");
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({
      profile: { id: m.id, username: m.user.username, role: "member", locale: "en" },
      user: { id: m.me.user.id, email: m.user.email, emailVerified: true },
    });
    expect((await m.c.request("GET", "/api/balances")).json()).toMatchObject({
      views: "120",
      usdt: "3000000",
    });
    expect(m.profile).toMatchObject({ signupIp: m.c.ip, suspended: false });
    expect((await verifyLedger(db())).problems).toEqual([]);
  });

  it("stores a real password hash: the member can also sign in over HTTP", async () => {
    const m = await memberFactory.create({}, { transient: { db: db() } });
    expect((await signIn(client(t.app), m.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(client(t.app), m.email, "not-the-password")).statusCode).toBe(401);
  });

  it("applies overrides where the app reads them", async () => {
    const inviter = await memberFactory.create({}, { transient: { db: db() } });
    const m = await createSignedInMember(t.app, {
      username: "Factory_Made",
      locale: "pt-BR",
      referredBy: inviter.profile.id,
      emailVerified: false,
      signupIp: "203.0.113.9",
    });
    expect(m.profile).toMatchObject({
      username: "Factory_Made",
      locale: "pt-BR",
      referredBy: inviter.profile.id,
      signupIp: "203.0.113.9",
    });
    expect(m.c.ip).toBe("203.0.113.9");
    expect(m.user.email).toBe("factory_made@example.test");
    expect((await m.c.request("GET", "/api/me")).json().user.emailVerified).toBe(false);
    const suspended = await createSignedInMember(t.app, { suspended: true });
    const refused = await suspended.c.request("GET", "/api/me");
    expect(refused.json().code).toBe("ACCOUNT_SUSPENDED");
  });

  it("makes staff with 2FA that the admin guard accepts and whose TOTP code confirms identity", async () => {
    const target = await memberFactory.create({}, { transient: { db: db() } });
    const url = `/api/admin/members/${target.profile.id}/suspension`;
    const without2fa = await createSignedInMember(t.app, { role: "admin" });
    expect(
      (await without2fa.c.request("PUT", url, { suspended: true, reason: "test" })).json().code,
    ).toBe("TWO_FACTOR_REQUIRED");
    const { secret } = await authOf(t.app);
    const staff = await memberFactory
      .staff("admin")
      .create({}, { transient: { db: db(), authSecret: secret } });
    expect(staff.profile.role).toBe("admin");
    const admin = await signedInClient(t.app, staff);
    const res = await admin.request("PUT", url, { suspended: true, reason: "test" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().suspended).toBe(true);
    const wrongCode = await admin.request("PUT", "/api/me/wallet", {
      walletNetwork: "TRC20",
      walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      code: "000000",
    });
    expect(wrongCode.json().code).toBe("INVALID_CREDENTIALS");
    const wallet = await admin.request("PUT", "/api/me/wallet", {
      walletNetwork: "TRC20",
      walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      code: await staff.totp?.(),
    });
    expect(wallet.statusCode, wallet.body).toBe(200);
  });
});

describe("the signed-in client", () => {
  it("carries a cookie Better Auth itself accepts, and a wrongly signed one is refused", async () => {
    const m = await memberFactory.create({}, { transient: { db: db() } });
    const { secret, cookieName } = await authOf(t.app);
    const { token } = await createSession(t.app, m.authUid, { ip: "10.250.0.1" });
    const good = client(t.app);
    good.setCookie(cookieName, signedSessionCookie(token, secret));
    const session = await good.request("GET", "/api/auth/get-session");
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ user: { id: m.authUid }, session: { token } });
    const forged = client(t.app);
    forged.setCookie(cookieName, signedSessionCookie(token, "another-secret-another-secret-12345"));
    expect((await forged.request("GET", "/api/me")).statusCode).toBe(401);
  });
});
