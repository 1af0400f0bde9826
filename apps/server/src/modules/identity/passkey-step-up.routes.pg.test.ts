import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, client, follow, lastMailTo } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import {
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { SoftAuthenticator, type SoftCredential } from "../../../test/webauthn-authenticator";
import { queryRows } from "../../db/client";
import { passkeyChallenges, passkeys, profiles } from "../../db/schema";
import { fixedClock } from "../../lib/clock";
import { PASSKEY_CHALLENGE_SECONDS } from "./passkey-step-up.service";

const suite = describe.skipIf(!pgUrl);
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER_TRON = "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7";
const device = new SoftAuthenticator("localhost");

suite(`step-up with a passkey on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const clock = fixedClock("2026-11-20T12:00:00Z");
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(10);
    t = await createTestApp({
      clock,
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  async function addPasskey(c: Client): Promise<SoftCredential> {
    const options = await c.request("GET", "/api/auth/passkey/generate-register-options");
    expect(options.statusCode).toBe(200);
    const { credential, response } = device.create(options.json());
    const res = await c.request("POST", "/api/auth/passkey/verify-registration", {
      response,
      name: "Phone",
    });
    expect(res.statusCode, res.body).toBe(200);
    return credential;
  }

  async function member(usdt = USDT(500)) {
    const m = await createSignedInMember(t.app, { usdt });
    await db().update(profiles).set({ isVerified: true }).where(eq(profiles.id, m.id));
    return { m, credential: await addPasskey(m.c) };
  }

  async function challengeFor(c: Client, action: Record<string, unknown>) {
    const res = await c.request("POST", "/api/me/step-up/passkey", { action });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      challengeId: string;
      options: { challenge: string; userVerification: string };
    };
  }

  const withdrawal = (amount = "150") => ({
    kind: "withdrawal",
    amount,
    network: "TRC20",
    walletAddress: TRON,
  });

  let keys = 0;
  function withdraw(c: Client, passkey: unknown, amount = "150") {
    return c.request(
      "POST",
      "/api/withdrawals",
      { amount, network: "TRC20", walletAddress: TRON, passkey },
      { "idempotency-key": `passkey-withdraw-${++keys}` },
    );
  }

  /** The member's balances and withdrawals, as the withdrawal page shows them. */
  async function moneyOf(m: SignedInMember) {
    return (await m.c.request("GET", "/api/withdrawals")).json();
  }

  async function counterOf(credential: SoftCredential): Promise<number | undefined> {
    const [row] = await db()
      .select({ counter: passkeys.counter })
      .from(passkeys)
      .where(eq(passkeys.credentialID, credential.id));
    return row?.counter;
  }

  it("confirms a withdrawal with a passkey: user verification required, counter stored", async () => {
    const { m, credential } = await member();
    const issued = await challengeFor(m.c, withdrawal());
    expect(issued.options.userVerification).toBe("required");
    const response = device.assert(credential, issued.options.challenge);
    const res = await withdraw(m.c, { challengeId: issued.challengeId, response });
    expect(res.statusCode, res.body).toBe(201);
    expect(await counterOf(credential)).toBe(1);
    const [row] = await db()
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, issued.challengeId));
    expect(row?.usedAt).toBeInstanceOf(Date);
  });

  it("an amount written another way is the same withdrawal", async () => {
    const { m, credential } = await member();
    const issued = await challengeFor(m.c, withdrawal("150.00"));
    const response = device.assert(credential, issued.options.challenge);
    expect((await withdraw(m.c, { challengeId: issued.challengeId, response })).statusCode).toBe(
      201,
    );
  });

  it("refuses a replayed assertion: the challenge is single-use, nothing changes", async () => {
    const { m, credential } = await member();
    const issued = await challengeFor(m.c, withdrawal());
    const proof = {
      challengeId: issued.challengeId,
      response: device.assert(credential, issued.options.challenge),
    };
    expect((await withdraw(m.c, proof)).statusCode).toBe(201);
    const before = await moneyOf(m);
    const replay = await withdraw(m.c, proof);
    expect(replay.statusCode).toBe(403);
    expect(replay.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    expect(await moneyOf(m)).toEqual(before);
  });

  it("refuses a challenge bound to another withdrawal (amount, network or address)", async () => {
    const { m, credential } = await member();
    const before = await moneyOf(m);
    for (const other of [
      withdrawal("200"),
      { ...withdrawal(), walletAddress: OTHER_TRON },
      { kind: "wallet", walletNetwork: "TRC20", walletAddress: TRON },
    ]) {
      const issued = await challengeFor(m.c, other);
      const response = device.assert(credential, issued.options.challenge);
      const res = await withdraw(m.c, { challengeId: issued.challengeId, response });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    }
    expect(await moneyOf(m)).toEqual(before);
  });

  it("refuses an expired challenge", async () => {
    const { m, credential } = await member();
    const issued = await challengeFor(m.c, withdrawal());
    const response = device.assert(credential, issued.options.challenge);
    const before = await moneyOf(m);
    clock.advance(PASSKEY_CHALLENGE_SECONDS * 1000 + 1);
    const res = await withdraw(m.c, { challengeId: issued.challengeId, response });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    expect(await moneyOf(m)).toEqual(before);
  });

  it("refuses a signature counter that goes backwards, and keeps the stored one", async () => {
    const { m, credential } = await member();
    const first = await challengeFor(m.c, withdrawal());
    const ok = await withdraw(m.c, {
      challengeId: first.challengeId,
      response: device.assert(credential, first.options.challenge, { counter: 5 }),
    });
    expect(ok.statusCode).toBe(201);
    const before = await moneyOf(m);
    const second = await challengeFor(m.c, withdrawal());
    const res = await withdraw(m.c, {
      challengeId: second.challengeId,
      response: device.assert(credential, second.options.challenge, { counter: 3 }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("PASSKEY_STEP_UP_FAILED");
    expect(await counterOf(credential)).toBe(5);
    expect(await moneyOf(m)).toEqual(before);
  });

  it("refuses another member's credential, and another member's challenge", async () => {
    const { m } = await member();
    const other = await member();
    const before = await moneyOf(m);
    const issued = await challengeFor(m.c, withdrawal());
    const foreign = await withdraw(m.c, {
      challengeId: issued.challengeId,
      response: device.assert(other.credential, issued.options.challenge),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe("PASSKEY_STEP_UP_FAILED");

    const theirs = await challengeFor(other.m.c, withdrawal());
    const stolen = await withdraw(m.c, {
      challengeId: theirs.challengeId,
      response: device.assert(other.credential, theirs.options.challenge),
    });
    expect(stolen.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    expect(await moneyOf(m)).toEqual(before);
  });

  it("refuses an assertion without user verification", async () => {
    const { m, credential } = await member();
    const issued = await challengeFor(m.c, withdrawal());
    const res = await withdraw(m.c, {
      challengeId: issued.challengeId,
      response: device.assert(credential, issued.options.challenge, { userVerified: false }),
    });
    expect(res.json().code).toBe("PASSKEY_STEP_UP_FAILED");
  });

  it("a member without a passkey gets no challenge", async () => {
    const m = await createSignedInMember(t.app);
    const res = await m.c.request("POST", "/api/me/step-up/passkey", { action: withdrawal() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("PASSKEY_STEP_UP_FAILED");
  });

  it("changes the payout wallet with a passkey bound to the new address only", async () => {
    const { m, credential } = await member();
    const wallet = { walletNetwork: "TRC20", walletAddress: OTHER_TRON };
    const wrong = await challengeFor(m.c, { kind: "wallet", ...wallet, walletAddress: TRON });
    const refused = await m.c.request("PUT", "/api/me/wallet", {
      ...wallet,
      passkey: {
        challengeId: wrong.challengeId,
        response: device.assert(credential, wrong.options.challenge),
      },
    });
    expect(refused.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    expect((await m.c.request("GET", "/api/me")).json().profile.walletAddress).not.toBe(OTHER_TRON);

    const right = await challengeFor(m.c, { kind: "wallet", ...wallet });
    const saved = await m.c.request("PUT", "/api/me/wallet", {
      ...wallet,
      passkey: {
        challengeId: right.challengeId,
        response: device.assert(credential, right.options.challenge),
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profile.walletAddress).toBe(OTHER_TRON);
  });

  describe("staff", () => {
    it("a passkey confirms one staff action and its target, once", async () => {
      const admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
      const credential = await addPasskey(admin.c);
      const target = await createSignedInMember(t.app);
      const other = await createSignedInMember(t.app);
      const role = (who: string, r: string) =>
        admin.c.request("PUT", `/api/admin/members/${who}/role`, { role: r, reason: "desk" });

      const asked = await role(target.id, "support");
      expect(asked.statusCode).toBe(403);
      expect(asked.json().code).toBe("STEP_UP_REQUIRED");
      const action = asked.json().params.action as string;
      expect(action).toContain(target.id);
      expect(action).toContain("role=support");

      const issued = await challengeFor(admin.c, { kind: "staff", action });
      const confirmed = await admin.c.request("POST", "/api/admin/step-up", {
        action,
        passkey: {
          challengeId: issued.challengeId,
          response: device.assert(credential, issued.options.challenge),
        },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);

      // Another target, or another role for the same target, is not what was confirmed.
      expect((await role(other.id, "support")).json().code).toBe("STEP_UP_REQUIRED");
      expect((await role(target.id, "admin")).json().code).toBe("STEP_UP_REQUIRED");
      expect((await role(target.id, "support")).statusCode).toBe(200);
      // Spent by that action.
      expect((await role(target.id, "member")).json().code).toBe("STEP_UP_REQUIRED");
      const again = await role(target.id, "support");
      expect(again.json().code).toBe("STEP_UP_REQUIRED");
    });

    it("a challenge for one staff action does not confirm another", async () => {
      const admin = await createSignedInMember(t.app, { role: "admin", twoFactor: true });
      const credential = await addPasskey(admin.c);
      const issued = await challengeFor(admin.c, { kind: "staff", action: "PUT /x a" });
      const res = await admin.c.request("POST", "/api/admin/step-up", {
        action: "PUT /x b",
        passkey: {
          challengeId: issued.challengeId,
          response: device.assert(credential, issued.options.challenge),
        },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe("PASSKEY_CHALLENGE_INVALID");
    });
  });

  it("answers hostile WebAuthn payloads for a live challenge with a 4xx, never a 5xx", async () => {
    const { m, credential } = await member();
    const before = await moneyOf(m);
    // The signed fields (userHandle is not signed: the credential is looked up among the
    // member's own); seven variants, the challenge route allows ten a minute to one member.
    const variants: Array<[string, string]> = [
      ["clientDataJSON", Buffer.from("{}").toString("base64url")],
    ];
    for (const field of ["clientDataJSON", "authenticatorData", "signature"]) {
      for (const value of ["AAAA", "x".repeat(8000)]) variants.push([field, value]);
    }
    let n = 0;
    for (const [field, value] of variants) {
      const issued = await challengeFor(m.c, withdrawal());
      const good = device.assert(credential, issued.options.challenge) as {
        response: Record<string, string>;
      };
      const response = { ...good, response: { ...good.response, [field]: value } };
      const res = await withdraw(m.c, { challengeId: issued.challengeId, response });
      expect(res.statusCode, `${field}=${value.slice(0, 20)}: ${res.body}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(res.statusCode).toBeLessThan(500);
      n++;
    }
    expect(n).toBe(7);
    expect(await moneyOf(m)).toEqual(before);
  });

  it("a password reset by e-mail signs out every session and cancels passkey challenges in flight", async () => {
    const { m, credential } = await member();
    const issued = await challengeFor(m.c, withdrawal());
    const proof = {
      challengeId: issued.challengeId,
      response: device.assert(credential, issued.options.challenge),
    };
    const c = client(t.app);
    const asked = await c.request("POST", "/api/auth/request-password-reset", {
      email: m.user.email,
      redirectTo: "/auth/reset-password",
    });
    expect(asked.statusCode).toBe(200);
    const landing = await follow(c, (await lastMailTo(db(), m.user.email)).link);
    const token =
      new URL(String(landing.headers.location), "http://localhost").searchParams.get("token") ?? "";
    const reset = await c.request("POST", "/api/auth/reset-password", {
      newPassword: "amber-falcon-77",
      token,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [left] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from passkey_challenges where user_id = ${m.me.user.id}`,
    );
    expect(left?.n).toBe(0);
    expect((await withdraw(m.c, proof)).statusCode).toBe(401);
  });

  it("the password still works beside passkeys", async () => {
    const { m } = await member();
    const res = await m.c.request(
      "POST",
      "/api/withdrawals",
      { amount: "150", network: "TRC20", walletAddress: TRON, password: TEST_PASSWORD },
      { "idempotency-key": "passkey-suite-password" },
    );
    expect(res.statusCode).toBe(201);
  });
});
