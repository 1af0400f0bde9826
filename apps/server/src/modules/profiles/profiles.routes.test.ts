import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  client,
  lastMailTo,
  mailCount,
  registerMember,
  signIn,
  totpFromUri,
} from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { users } from "../../db/schema";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());

describe("profile, wallet and notifications", () => {
  it("changes the username with availability checks", async () => {
    const { c, me } = await registerMember(t.app, db());
    const { me: other } = await registerMember(t.app, db());
    const mine = await c.request(
      "GET",
      `/api/usernames/availability?username=${me.profile.username}`,
    );
    expect(mine.json()).toMatchObject({ available: true, reason: "yours" });
    const taken = await c.request(
      "GET",
      `/api/usernames/availability?username=${other.profile.username.toUpperCase()}`,
    );
    expect(taken.json()).toMatchObject({ available: false, reason: "taken" });
    expect(
      (await c.request("GET", "/api/usernames/availability?username=a%20b")).json().reason,
    ).toBe("invalid");

    const clash = await c.request("PATCH", "/api/me/profile", { username: other.profile.username });
    expect(clash.statusCode).toBe(409);
    const newName = `Renamed${Date.now() % 1e6}`;
    const ok = await c.request("PATCH", "/api/me/profile", { username: newName, locale: "pt-BR" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({ username: newName, locale: "pt-BR" });
    // Better Auth's copy follows, so signing in by username keeps working.
    const [u] = await db()
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, me.user.id));
    expect(u?.username).toBe(newName.toLowerCase());
  });

  it("validates wallet addresses per network and asks for the password or a 2FA code", async () => {
    const { c, user } = await registerMember(t.app, db());
    const badTrc = await c.request("PUT", "/api/me/wallet", {
      walletNetwork: "TRC20",
      walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
      password: user.password,
    });
    expect(badTrc.statusCode).toBe(400);
    expect(badTrc.json().fields[0].path).toBe("body.walletAddress");
    const badErc = await c.request("PUT", "/api/me/wallet", {
      walletNetwork: "ERC20",
      walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      password: user.password,
    });
    expect(badErc.statusCode).toBe(400);
    const noProof = await c.request("PUT", "/api/me/wallet", {
      walletNetwork: "BEP20",
      walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
    });
    expect(noProof.statusCode).toBe(400);
    const wrong = await c.request("PUT", "/api/me/wallet", {
      walletNetwork: "TRC20",
      walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      password: "not-my-password",
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe("INVALID_CREDENTIALS");
    const ok = await c.request("PUT", "/api/me/wallet", {
      walletNetwork: "TRC20",
      walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
      password: user.password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().profile).toMatchObject({
      walletNetwork: "TRC20",
      walletAddress: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL",
    });

    const enable = await c.request("POST", "/api/auth/two-factor/enable", {
      password: user.password,
    });
    const code = totpFromUri(enable.json().totpURI);
    await c.request("POST", "/api/auth/two-factor/verify-totp", { code: await code() });
    const withCode = await c.request("PUT", "/api/me/wallet", {
      walletNetwork: "ERC20",
      walletAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
      code: await code(),
    });
    expect(withCode.statusCode).toBe(200);
  });

  it("honours the new-sign-in e-mail preference", async () => {
    const { c, user } = await registerMember(t.app, db());
    const device = (ua: string) => {
      const d = client(t.app);
      const request = d.request;
      d.request = (m, u, p, h = {}) => request(m, u, p, { "user-agent": ua, ...h });
      return d;
    };
    const before = await mailCount(db(), user.email);
    await signIn(device("Mozilla/5.0 (Windows NT 10.0) Firefox/140.0"), user.email, user.password);
    await new Promise((r) => setTimeout(r, 50));
    expect(await mailCount(db(), user.email)).toBe(before + 1);
    expect((await lastMailTo(db(), user.email)).kind).toBe("new-sign-in");
    await c.request("PUT", "/api/me/notifications", {
      newSignIn: false,
      transactions: true,
      product: false,
    });
    await signIn(
      device("Mozilla/5.0 (Macintosh; Mac OS X) Safari/605.1"),
      user.email,
      user.password,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(await mailCount(db(), user.email)).toBe(before + 1);
  });

  it("shows public profiles and 404s unknown users", async () => {
    const { me } = await registerMember(t.app, db());
    const res = await client(t.app).request("GET", `/api/profiles/@${me.profile.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: me.profile.username,
      isVerified: false,
      referralCount: 0,
    });
    expect((await client(t.app).request("GET", "/api/profiles/nobody_at_all")).statusCode).toBe(
      404,
    );
    // An invite link may carry the member id: found by id too, and an unknown id is a 404.
    const byId = await client(t.app).request("GET", `/api/profiles/${me.profile.id}`);
    expect(byId.json()).toMatchObject({ id: me.profile.id, username: me.profile.username });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await client(t.app).request("GET", `/api/profiles/${unknown}`)).statusCode).toBe(404);
  });
});
