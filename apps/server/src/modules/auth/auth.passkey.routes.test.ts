import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { SoftAuthenticator, type SoftCredential } from "../../../test/webauthn-authenticator";
import { passkeyRpIdProblem } from "../../config/env";
import { queryRows } from "../../db/client";
import { accounts, passkeys, profiles } from "../../db/schema";

let t: TestApp;
const db = () => t.database.db;
const device = new SoftAuthenticator("localhost");

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());

async function addPasskey(c: Client, name = "My phone"): Promise<SoftCredential> {
  const options = await c.request("GET", "/api/auth/passkey/generate-register-options");
  expect(options.statusCode).toBe(200);
  const { credential, response } = device.create(options.json());
  const res = await c.request("POST", "/api/auth/passkey/verify-registration", { response, name });
  expect(res.statusCode, res.body).toBe(200);
  return credential;
}

async function signInWithPasskey(
  credential: SoftCredential,
  opts: Parameters<SoftAuthenticator["assert"]>[2] = {},
) {
  const c = client(t.app);
  const options = await c.request("GET", "/api/auth/passkey/generate-authenticate-options");
  expect(options.statusCode).toBe(200);
  const response = device.assert(credential, options.json().challenge, opts);
  const res = await c.request("POST", "/api/auth/passkey/verify-authentication", { response });
  return { c, res };
}

async function outboxKinds(profileId: string): Promise<string[]> {
  const rows = await queryRows<{ kind: string }>(
    db(),
    sql`select kind from mail_outbox where profile_id = ${profileId} order by created_at`,
  );
  return rows.map((r) => r.kind);
}

describe("passkeys for sign-in", () => {
  it("registers a passkey, lists it, signs in with it and records its last use", async () => {
    const m = await createSignedInMember(t.app);
    const credential = await addPasskey(m.c);
    expect(await outboxKinds(m.id)).toContain("passkey-added");

    const list = await m.c.request("GET", "/api/auth/passkey/list-user-passkeys");
    expect(list.json()).toHaveLength(1);
    expect(list.json()[0]).toMatchObject({ name: "My phone", deviceType: "singleDevice" });

    const { c, res } = await signInWithPasskey(credential);
    expect(res.statusCode, res.body).toBe(200);
    const me = await c.request("GET", "/api/me");
    expect(me.statusCode).toBe(200);
    expect(me.json().profile.username).toBe(m.profile.username);
    const [row] = await db()
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialID, credential.id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(row?.counter).toBe(1);
    const listed = await m.c.request("GET", "/api/auth/passkey/list-user-passkeys");
    expect(listed.json()[0].lastUsedAt).toBeTruthy();
  });

  it("a member with two-factor on signs in only with a user-verifying passkey", async () => {
    const m = await createSignedInMember(t.app, { twoFactor: true });
    const credential = await addPasskey(m.c);
    const refused = await signInWithPasskey(credential, { userVerified: false });
    expect(refused.res.statusCode).toBe(401);
    expect(refused.res.json().code).toBe("PASSKEY_NOT_USER_VERIFIED");
    expect((await refused.c.request("GET", "/api/me")).statusCode).toBe(401);

    const ok = await signInWithPasskey(credential);
    expect(ok.res.statusCode).toBe(200);
    expect((await ok.c.request("GET", "/api/me")).statusCode).toBe(200);
  });

  it("staff without TOTP open staff pages with a user-verifying passkey, not with a password or a mere possession passkey", async () => {
    const staff = await createSignedInMember(t.app, { role: "support" });
    const desk = (c: Client) => c.request("GET", "/api/support/desk/requests");
    // Signed in with the password: one factor.
    expect((await desk(staff.c)).json().code).toBe("TWO_FACTOR_REQUIRED");
    expect((await staff.c.request("GET", "/api/me")).json().user.signedInWithTwoFactors).toBe(
      false,
    );
    const credential = await addPasskey(staff.c);
    // A passkey that only proves possession: still one factor.
    const possession = await signInWithPasskey(credential, { userVerified: false });
    expect(possession.res.statusCode, possession.res.body).toBe(200);
    expect((await desk(possession.c)).json().code).toBe("TWO_FACTOR_REQUIRED");
    // A passkey that verified the person (fingerprint, face, PIN): two factors in one.
    const verified = await signInWithPasskey(credential);
    expect(verified.res.statusCode).toBe(200);
    const me = (await verified.c.request("GET", "/api/me")).json();
    expect(me.user).toMatchObject({ twoFactorEnabled: false, signedInWithTwoFactors: true });
    // Past the staff guard, the desk's own gate: opened with the passkey too, by a challenge bound
    // to unlocking the desk — one bound to another staff action does not open it.
    expect((await desk(verified.c)).json().code).toBe("SUPPORT_DESK_LOCKED");
    const challenge = async (action: string) => {
      const res = await verified.c.request("POST", "/api/me/step-up/passkey", {
        action: { kind: "staff", action },
      });
      expect(res.statusCode, res.body).toBe(200);
      const issued = res.json();
      return {
        challengeId: issued.challengeId,
        response: device.assert(credential, issued.options.challenge),
      };
    };
    const wrong = await verified.c.request("POST", "/api/support/desk/unlock", {
      passkey: await challenge("fraud.pause:someone"),
    });
    expect(wrong.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    expect((await desk(verified.c)).json().code).toBe("SUPPORT_DESK_LOCKED");
    const proof = await challenge("support.unlock");
    const unlocked = await verified.c.request("POST", "/api/support/desk/unlock", {
      passkey: proof,
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().unlockedUntil).toBeTruthy();
    const opened = await desk(verified.c);
    expect(opened.statusCode, opened.body).toBe(200);
    // The same proof again is refused (single use).
    const replay = await verified.c.request("POST", "/api/support/desk/unlock", { passkey: proof });
    expect(replay.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    // Both a password and a passkey, or neither: a clear 400.
    for (const body of [{}, { password: "x", passkey: proof }]) {
      const bad = await verified.c.request("POST", "/api/support/desk/unlock", body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().code).toBe("VALIDATION_FAILED");
    }
    // The password session is still one factor; admin pages still need the admin role.
    expect((await desk(staff.c)).json().code).toBe("TWO_FACTOR_REQUIRED");
    expect((await verified.c.request("GET", "/api/admin/overview")).json().code).toBe("FORBIDDEN");
  });

  it("a suspended member's passkey signs nobody in", async () => {
    const m = await createSignedInMember(t.app);
    const credential = await addPasskey(m.c);
    await db().update(profiles).set({ suspended: true }).where(eq(profiles.id, m.id));
    const { c, res } = await signInWithPasskey(credential);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("ACCOUNT_SUSPENDED");
    expect((await c.request("GET", "/api/me")).statusCode).toBe(401);
  });

  it("refuses a replayed assertion and a counter that goes backwards", async () => {
    const m = await createSignedInMember(t.app);
    const credential = await addPasskey(m.c);
    const c = client(t.app);
    const options = await c.request("GET", "/api/auth/passkey/generate-authenticate-options");
    const response = device.assert(credential, options.json().challenge);
    const first = await c.request("POST", "/api/auth/passkey/verify-authentication", { response });
    expect(first.statusCode).toBe(200);
    const replay = await c.request("POST", "/api/auth/passkey/verify-authentication", { response });
    expect(replay.statusCode).toBe(400);

    const backwards = await signInWithPasskey(credential, { counter: 1 });
    expect(backwards.res.statusCode).toBe(400);
    expect(backwards.res.json().code).toBe("AUTHENTICATION_FAILED");
  });

  it("renames, and removes with an alert; the last sign-in method is never removed", async () => {
    const m = await createSignedInMember(t.app);
    await addPasskey(m.c, "Laptop");
    const [row] = await m.c
      .request("GET", "/api/auth/passkey/list-user-passkeys")
      .then((r) => r.json());
    const renamed = await m.c.request("POST", "/api/auth/passkey/update-passkey", {
      id: row.id,
      name: "Work laptop",
    });
    expect(renamed.statusCode).toBe(200);

    // Without a password the only passkey is the only way in.
    await db().delete(accounts).where(eq(accounts.userId, m.me.user.id));
    const refused = await m.c.request("POST", "/api/auth/passkey/delete-passkey", { id: row.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("PASSKEY_LAST_SIGN_IN_METHOD");
    expect(await db().select().from(passkeys).where(eq(passkeys.id, row.id))).toHaveLength(1);

    await addPasskey(m.c, "Phone");
    const removed = await m.c.request("POST", "/api/auth/passkey/delete-passkey", { id: row.id });
    expect(removed.statusCode).toBe(200);
    expect(await outboxKinds(m.id)).toContain("passkey-removed");
  });

  it("another member cannot remove or rename someone's passkey", async () => {
    const owner = await createSignedInMember(t.app);
    await addPasskey(owner.c);
    const [row] = await owner.c
      .request("GET", "/api/auth/passkey/list-user-passkeys")
      .then((r) => r.json());
    const other = await createSignedInMember(t.app);
    const del = await other.c.request("POST", "/api/auth/passkey/delete-passkey", { id: row.id });
    expect(del.statusCode).toBeGreaterThanOrEqual(400);
    expect(del.statusCode).toBeLessThan(500);
    expect(await db().select().from(passkeys).where(eq(passkeys.id, row.id))).toHaveLength(1);
  });

  it("answers hostile WebAuthn payloads with a 4xx", async () => {
    const m = await createSignedInMember(t.app);
    const bodies: unknown[] = [
      { response: "x" },
      { response: { id: "AAAA", response: {} } },
      { response: { id: 1, rawId: [], type: "public-key", response: { clientDataJSON: "%%" } } },
      { response: null, name: "x".repeat(5000) },
    ];
    for (const body of bodies) {
      await m.c.request("GET", "/api/auth/passkey/generate-register-options");
      const reg = await m.c.request("POST", "/api/auth/passkey/verify-registration", body);
      expect(reg.statusCode, reg.body).toBeGreaterThanOrEqual(400);
      expect(reg.statusCode, reg.body).toBeLessThan(500);
      const c = client(t.app);
      await c.request("GET", "/api/auth/passkey/generate-authenticate-options");
      const auth = await c.request("POST", "/api/auth/passkey/verify-authentication", body);
      expect(auth.statusCode, auth.body).toBeGreaterThanOrEqual(400);
      expect(auth.statusCode, auth.body).toBeLessThan(500);
    }
  });
});

describe("the relying-party ID", () => {
  it("must be PUBLIC_URL's host or a parent domain of it", () => {
    expect(passkeyRpIdProblem("https://app.viewvault.io", "viewvault.io")).toBeNull();
    expect(passkeyRpIdProblem("https://viewvault.io", "viewvault.io")).toBeNull();
    expect(passkeyRpIdProblem("https://viewvault.io", "evil.io")).toMatch(/not the host/);
    expect(passkeyRpIdProblem("https://notviewvault.io", "viewvault.io")).toMatch(/not the host/);
  });
});
