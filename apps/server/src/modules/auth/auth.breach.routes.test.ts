import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, follow, lastMailTo, signUp, uniqueUser } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startPwnedPasswordsStandIn } from "../../../test/pwned-passwords-stand-in";

const BREACHED = "correct-horse-battery";
const SECRET = "test-secret-test-secret-test-secret-1234";

let pwned: Awaited<ReturnType<typeof startPwnedPasswordsStandIn>>;
let t: TestApp;

beforeAll(async () => {
  pwned = await startPwnedPasswordsStandIn([BREACHED]);
  t = await createTestApp({
    env: {
      BETTER_AUTH_SECRET: SECRET,
      PASSWORD_BREACH_CHECK: "1",
      PASSWORD_BREACH_API_URL: pwned.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  await pwned.close();
});

describe("breached passwords", () => {
  it("refuses a listed password at sign-up, and only a 5-character prefix leaves", async () => {
    const res = await signUp(client(t.app), { ...uniqueUser(), password: BREACHED });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("PASSWORD_BREACHED");
    expect(pwned.requests.length).toBeGreaterThan(0);
    for (const path of pwned.requests) expect(path).toMatch(/^\/range\/[0-9A-F]{5}$/);

    const ok = await signUp(client(t.app), uniqueUser());
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it("refuses a listed password as a new password", async () => {
    const m = await createSignedInMember(t.app);
    const res = await m.c.request("POST", "/api/auth/change-password", {
      currentPassword: m.user.password,
      newPassword: BREACHED,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("PASSWORD_BREACHED");
  });
  it("refuses a listed password at reset by e-mail, and the link still works for a good one", async () => {
    const m = await createSignedInMember(t.app);
    const c = client(t.app);
    await c.request("POST", "/api/auth/request-password-reset", {
      email: m.user.email,
      redirectTo: "/auth/reset-password",
    });
    const landing = await follow(c, (await lastMailTo(t.database.db, m.user.email)).link);
    const token =
      new URL(String(landing.headers.location), "http://localhost").searchParams.get("token") ?? "";
    const refused = await c.request("POST", "/api/auth/reset-password", {
      newPassword: BREACHED,
      token,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("PASSWORD_BREACHED");
    const ok = await c.request("POST", "/api/auth/reset-password", {
      newPassword: "amber-falcon-77",
      token,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("the service unreachable", () => {
  it("never blocks a sign-up", async () => {
    const down = await createTestApp({
      env: {
        BETTER_AUTH_SECRET: SECRET,
        PASSWORD_BREACH_CHECK: "1",
        // Nothing listens there.
        PASSWORD_BREACH_API_URL: "http://127.0.0.1:9/range/",
      },
    });
    try {
      const res = await signUp(client(down.app), { ...uniqueUser(), password: BREACHED });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await down.close();
    }
  });
});
