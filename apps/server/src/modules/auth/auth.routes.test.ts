import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  follow,
  lastMailTo,
  mailCount,
  registerMember,
  signIn,
  signUp,
  totpFromUri,
  uniqueUser,
} from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { profiles } from "../../db/schema";
import { createAccount } from "./create-account";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());

describe("sign-up and e-mail confirmation", () => {
  it("creates the user and its profile, e-mails a confirmation in the member's language", async () => {
    const c = client(t.app);
    const user = uniqueUser();
    const res = await signUp(c, user, { locale: "pt-BR" });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeNull(); // no session before confirmation
    expect(res.json().user.signupIp).toBeUndefined(); // sign-up metadata is not echoed
    const [profile] = await db()
      .select()
      .from(profiles)
      .where(sql`lower(${profiles.username}) = lower(${user.username})`);
    expect(profile?.locale).toBe("pt-BR");
    expect(profile?.signupIp).toBe(c.ip);
    expect(profile?.signupUserAgent).toContain("Chrome");
    const mail = await lastMailTo(db(), user.email);
    expect(mail.subject).toBe("Confirme sua conta ViewVault");
    expect(mail.link).toContain("/api/auth/verify-email?token=");
  });

  it("refuses to sign in before confirmation, resends, and signs in after", async () => {
    const c = client(t.app);
    const user = uniqueUser();
    await signUp(c, user);
    const early = await signIn(c, user.email, user.password);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe("EMAIL_NOT_VERIFIED");
    const before = await mailCount(db(), user.email);
    const resend = await c.request("POST", "/api/auth/send-verification-email", {
      email: user.email,
      callbackURL: "/dashboard?verified=1",
    });
    expect(resend.statusCode).toBe(200);
    expect(await mailCount(db(), user.email)).toBe(before + 1);
    const confirmed = await follow(c, (await lastMailTo(db(), user.email)).link);
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toContain("/dashboard?verified=1");
    const me = await c.request("GET", "/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json().user.emailVerified).toBe(true);
  });

  it("applies the seeds' validation: short and common passwords, bad e-mail", async () => {
    const c = client(t.app);
    const short = await signUp(c, { ...uniqueUser(), password: "12345" });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe("PASSWORD_TOO_SHORT");
    const common = await signUp(c, { ...uniqueUser(), password: "password1" });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({
      code: "PASSWORD_TOO_COMMON",
      message: "This password is too common. Choose another one.",
    });
    const email = await signUp(c, { ...uniqueUser(), email: "not-an-email" });
    expect(email.statusCode).toBe(400);
  });

  it("keeps usernames unique regardless of case", async () => {
    const { user } = await registerMember(t.app, db());
    const clash = await signUp(client(t.app), {
      ...uniqueUser(),
      username: user.username.toUpperCase(),
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().code).toBe("USERNAME_IS_ALREADY_TAKEN");
  });

  it("does not reveal that an e-mail is registered", async () => {
    const { user } = await registerMember(t.app, db());
    const again = await signUp(client(t.app), { ...uniqueUser(), email: user.email });
    expect(again.statusCode).toBe(200);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from users where email = ${user.email}`,
    );
    expect(row?.n).toBe(1);
  });
});

describe("referrer at sign-up (the seeds' rule)", () => {
  async function referrerOf(username: string): Promise<string | null> {
    const [row] = await db()
      .select({ r: profiles.referredBy })
      .from(profiles)
      .where(eq(profiles.username, username));
    return row?.r ?? null;
  }

  it("looks a value without a hyphen up as a username, case-insensitively", async () => {
    const { me } = await registerMember(t.app, db(), {}, "inviter");
    const user = uniqueUser();
    expect(
      (await signUp(client(t.app), user, { referralId: me.profile.username.toUpperCase() }))
        .statusCode,
    ).toBe(200);
    expect(await referrerOf(user.username)).toBe(me.profile.id);
  });

  it("takes a value with a hyphen as a profile id", async () => {
    const { me } = await registerMember(t.app, db(), {}, "inviter");
    const user = uniqueUser();
    await signUp(client(t.app), user, { referralId: me.profile.id });
    expect(await referrerOf(user.username)).toBe(me.profile.id);
  });

  it("ignores a referrer that does not exist, or the member themself, without blocking the sign-up", async () => {
    for (const ref of [
      "nobody_here",
      "00000000-0000-0000-0000-000000000000",
      "not-a-uuid-at-all",
    ]) {
      const user = uniqueUser();
      const res = await signUp(client(t.app), user, { referralId: ref });
      expect(res.statusCode).toBe(200);
      expect(await referrerOf(user.username)).toBeNull();
    }
    const self = uniqueUser();
    expect((await signUp(client(t.app), self, { referralId: self.username })).statusCode).toBe(200);
    expect(await referrerOf(self.username)).toBeNull();
  });
});

describe("sign-in", () => {
  it("answers a wrong password and an unknown e-mail the same way", async () => {
    const { user } = await registerMember(t.app, db());
    const wrong = await signIn(client(t.app), user.email, "wrong-password-9");
    const unknown = await signIn(client(t.app), "nobody@example.test", "wrong-password-9");
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it("stops brute force at the limit, stored in the database", async () => {
    const { user } = await registerMember(t.app, db());
    const attacker = client(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await signIn(attacker, user.email, `guess-${i}-xyz`)).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Even the right password is refused until the window ends.
    expect((await signIn(attacker, user.email, user.password)).statusCode).toBe(429);
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from rate_limit_hits where key like 'auth:%'`,
    );
    expect(row?.n).toBeGreaterThan(0);
  });

  it("refuses a cross-origin sign-in", async () => {
    const { user } = await registerMember(t.app, db());
    const res = await client(t.app).request(
      "POST",
      "/api/auth/sign-in/email",
      { email: user.email, password: user.password },
      {
        origin: "https://evil.example",
      },
    );
    expect(res.statusCode).toBe(403);
  });
});

describe("password reset", () => {
  it("answers neutrally, resets once by link, revokes sessions, and refuses a reused link", async () => {
    const { c: session, user } = await registerMember(t.app, db());
    const c = client(t.app);
    const unknown = await c.request("POST", "/api/auth/request-password-reset", {
      email: "nobody@example.test",
      redirectTo: "/auth/reset-password",
    });
    const known = await c.request("POST", "/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/auth/reset-password",
    });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());

    const mail = await lastMailTo(db(), user.email);
    expect(mail.kind).toBe("reset-password");
    const landing = await follow(c, mail.link);
    expect(landing.statusCode).toBe(302);
    const target = new URL(String(landing.headers.location), "http://localhost");
    expect(target.pathname).toBe("/auth/reset-password");
    const token = target.searchParams.get("token") ?? "";
    expect(token).not.toBe("");

    const reset = await c.request("POST", "/api/auth/reset-password", {
      newPassword: "amber-falcon-77",
      token,
    });
    expect(reset.statusCode).toBe(200);
    expect((await session.request("GET", "/api/me")).statusCode).toBe(401); // old sessions revoked
    const reused = await c.request("POST", "/api/auth/reset-password", {
      newPassword: "amber-falcon-78",
      token,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe("INVALID_TOKEN");
    expect((await signIn(client(t.app), user.email, "amber-falcon-77")).statusCode).toBe(200);
    expect((await signIn(client(t.app), user.email, user.password)).statusCode).toBe(401);
  });

  it("refuses an expired link", async () => {
    const { user } = await registerMember(t.app, db());
    const c = client(t.app);
    await c.request("POST", "/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/auth/reset-password",
    });
    const landing = await follow(c, (await lastMailTo(db(), user.email)).link);
    const token =
      new URL(String(landing.headers.location), "http://localhost").searchParams.get("token") ?? "";
    await db().execute(
      sql`update verifications set expires_at = now() - interval '1 minute' where identifier like ${`%${token}%`}`,
    );
    const reset = await c.request("POST", "/api/auth/reset-password", {
      newPassword: "amber-falcon-77",
      token,
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().code).toBe("INVALID_TOKEN");
  });
});

describe("sessions", () => {
  it("lists sessions, revokes one, and a password change revokes the others", async () => {
    const { c: first, user } = await registerMember(t.app, db());
    const second = client(t.app);
    expect((await signIn(second, user.email, user.password)).statusCode).toBe(200);
    const third = client(t.app);
    expect((await signIn(third, user.email, user.password)).statusCode).toBe(200);
    const list = await first.request("GET", "/api/auth/list-sessions");
    expect(list.json()).toHaveLength(3);

    const thirdToken = (await third.request("GET", "/api/auth/get-session")).json().session.token;
    expect(
      (await first.request("POST", "/api/auth/revoke-session", { token: thirdToken })).statusCode,
    ).toBe(200);
    expect((await third.request("GET", "/api/me")).statusCode).toBe(401);

    // The client asks to keep other sessions; the server revokes them anyway.
    const change = await first.request("POST", "/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "copper-heron-31",
      revokeOtherSessions: false,
    });
    expect(change.statusCode).toBe(200);
    expect((await first.request("GET", "/api/me")).statusCode).toBe(200);
    expect((await second.request("GET", "/api/me")).statusCode).toBe(401);
  });
});

describe("two-factor authentication", () => {
  it("turns on with a QR secret and asks for the code at sign-in", async () => {
    const { c, user } = await registerMember(t.app, db());
    const enable = await c.request("POST", "/api/auth/two-factor/enable", {
      password: user.password,
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json();
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/ViewVault/);
    expect(backupCodes).toHaveLength(10);
    const code = totpFromUri(totpURI);
    expect(
      (await c.request("POST", "/api/auth/two-factor/verify-totp", { code: "000000" })).statusCode,
    ).toBe(401);
    expect(
      (await c.request("POST", "/api/auth/two-factor/verify-totp", { code: await code() }))
        .statusCode,
    ).toBe(200);
    expect((await c.request("GET", "/api/me")).json().user.twoFactorEnabled).toBe(true);

    const later = client(t.app);
    const first = await signIn(later, user.email, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().twoFactorRedirect).toBe(true);
    expect((await later.request("GET", "/api/me")).statusCode).toBe(401);
    expect(
      (await later.request("POST", "/api/auth/two-factor/verify-totp", { code: await code() }))
        .statusCode,
    ).toBe(200);
    expect((await later.request("GET", "/api/me")).statusCode).toBe(200);

    const withBackup = client(t.app);
    await signIn(withBackup, user.email, user.password);
    expect(
      (
        await withBackup.request("POST", "/api/auth/two-factor/verify-backup-code", {
          code: backupCodes[0],
        })
      ).statusCode,
    ).toBe(200);
    expect((await withBackup.request("GET", "/api/me")).statusCode).toBe(200);
  });
});

describe("roles and suspension", () => {
  it("lets only an admin with 2FA suspend; suspension revokes sessions and blocks sign-in", async () => {
    const { c: victim, user: victimUser, me: victimMe } = await registerMember(t.app, db());
    const { c: member } = await registerMember(t.app, db());
    const url = `/api/admin/members/${victimMe.profile.id}/suspension`;
    expect((await member.request("PUT", url, { suspended: true, reason: "test" })).statusCode).toBe(
      403,
    );

    const adminUser = uniqueUser("admin");
    await createAccount(db(), { ...adminUser, role: "admin" });
    const admin = client(t.app);
    expect((await signIn(admin, adminUser.email, adminUser.password)).statusCode).toBe(200);
    const no2fa = await admin.request("PUT", url, { suspended: true, reason: "test" });
    expect(no2fa.statusCode).toBe(403);
    expect(no2fa.json().code).toBe("TWO_FACTOR_REQUIRED");
    const enable = await admin.request("POST", "/api/auth/two-factor/enable", {
      password: adminUser.password,
    });
    await admin.request("POST", "/api/auth/two-factor/verify-totp", {
      code: await totpFromUri(enable.json().totpURI)(),
    });

    const res = await admin.request("PUT", url, { suspended: true, reason: "test" });
    expect(res.statusCode).toBe(200);
    expect(res.json().suspended).toBe(true);
    expect((await victim.request("GET", "/api/me")).statusCode).toBe(401);
    const again = await signIn(client(t.app), victimUser.email, victimUser.password);
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe("ACCOUNT_SUSPENDED");
    const [audit] = await queryRows<{ action: string }>(
      db(),
      sql`select action from audit_events where target_profile_id = ${victimMe.profile.id}`,
    );
    expect(audit?.action).toBe("member.suspend");

    expect((await admin.request("PUT", url, { suspended: false, reason: "test" })).statusCode).toBe(
      200,
    );
    expect((await signIn(client(t.app), victimUser.email, victimUser.password)).statusCode).toBe(
      200,
    );
  });

  it("never lets a member touch another member's data", async () => {
    const { c: a } = await registerMember(t.app, db());
    const { me: b } = await registerMember(t.app, db());
    // Ids in the body are not part of any contract: the server edits the caller's own profile.
    const res = await a.request("PATCH", "/api/me/profile", {
      username: `x${Date.now() % 1e6}`,
      id: b.profile.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.id).not.toBe(b.profile.id);
    const [still] = await db().select().from(profiles).where(eq(profiles.id, b.profile.id));
    expect(still?.username).toBe(b.profile.username);
    expect(
      (await a.request("PUT", `/api/admin/members/${b.profile.id}/role`, { role: "admin" }))
        .statusCode,
    ).toBe(403);
    // Better Auth's generic user update is closed: usernames change only through /api/me/profile.
    expect(
      (await a.request("POST", "/api/auth/update-user", { username: "hijack" })).statusCode,
    ).toBe(404);
  });

  it("remembers on the server that the member closed the first-run guide", async () => {
    const { c } = await createSignedInMember(t.app);
    expect((await c.request("GET", "/api/me")).json().firstRunDismissed).toBe(false);
    const dismissed = await c.request("POST", "/api/me/first-run/dismiss");
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().firstRunDismissed).toBe(true);
    // Again is harmless, and every later session (another device) sees it closed.
    expect((await c.request("POST", "/api/me/first-run/dismiss")).statusCode).toBe(200);
    expect((await c.request("GET", "/api/me")).json().firstRunDismissed).toBe(true);
  });

  it("answers 401 to anonymous requests for member data", async () => {
    for (const [m, u] of [
      ["GET", "/api/me"],
      ["POST", "/api/me/first-run/dismiss"],
      ["PUT", "/api/me/notifications"],
      ["PATCH", "/api/me/profile"],
    ] as const) {
      expect((await client(t.app).request(m, u, m === "GET" ? undefined : {})).statusCode).toBe(
        401,
      );
    }
  });
});

describe("accounts created by command", () => {
  it("creates a confirmed staff account with its profile, idempotently", async () => {
    const staff = uniqueUser("staff");
    const first = await createAccount(db(), { ...staff, role: "support" });
    expect(first).toMatchObject({
      created: true,
      profile: { role: "support", username: staff.username },
    });
    const again = await createAccount(db(), { ...staff, role: "support" });
    expect(again.created).toBe(false);
    expect((await signIn(client(t.app), staff.email, staff.password)).statusCode).toBe(200);
    await expect(
      createAccount(db(), { ...uniqueUser(), username: staff.username, role: "member" }),
    ).rejects.toThrow(/taken/);
  });
});
