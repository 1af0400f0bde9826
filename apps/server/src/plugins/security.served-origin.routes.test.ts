import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueUser } from "../../test/accounts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { createAccount } from "../modules/auth/create-account";
import { isServedOrigin } from "./security";

const SECRET = "test-secret-test-secret-test-secret-1234";

/** A browser on `page` (its Origin) talking to the server it reached as `host`. */
function browser(t: TestApp, host: string, origin: string, extra: Record<string, string> = {}) {
  let cookie = "";
  return async (method: "POST" | "PUT", url: string, body: unknown) => {
    const res = await t.app.inject({
      method,
      url,
      headers: {
        host,
        origin,
        "content-type": "application/json",
        ...(cookie ? { cookie } : {}),
        ...extra,
      },
      payload: JSON.stringify(body),
    });
    const set = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
    if (set.length) cookie = set.map((c) => c.split(";")[0]).join("; ");
    return res;
  };
}

async function member(t: TestApp) {
  const user = uniqueUser("origin");
  await createAccount(t.database.db, { ...user, role: "member" });
  return user;
}

const PREFS = { newSignIn: true, transactions: true, product: false };

describe("isServedOrigin", () => {
  it("accepts the browser's same-origin word or an Origin equal to the Host, nothing else", () => {
    expect(isServedOrigin({ secFetchSite: "same-origin" })).toBe(true);
    expect(isServedOrigin({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" })).toBe(true);
    expect(isServedOrigin({ origin: "https://192.168.1.20:3000", host: "192.168.1.20:3000" })).toBe(
      true,
    );
    expect(isServedOrigin({ origin: "http://127.0.0.1:3000", host: "localhost:3000" })).toBe(false);
    expect(
      isServedOrigin({
        origin: "https://evil.example",
        host: "127.0.0.1:3000",
        secFetchSite: "cross-site",
      }),
    ).toBe(false);
    expect(isServedOrigin({ origin: "null", host: "null", secFetchSite: "same-origin" })).toBe(
      false,
    );
    expect(isServedOrigin({ host: "127.0.0.1:3000" })).toBe(false);
  });
});

describe("in development, the address the page was served on is same-origin", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: "development", BETTER_AUTH_SECRET: SECRET, PUBLIC_URL: TEST_ORIGIN },
    });
  });
  afterAll(() => t.close());

  it("signs in and saves a form at http://127.0.0.1:3000 and at a LAN address", async () => {
    for (const address of ["127.0.0.1:3000", "192.168.1.20:3000"]) {
      const user = await member(t);
      const send = browser(t, address, `http://${address}`);
      const signIn = await send("POST", "/api/auth/sign-in/email", {
        email: user.email,
        password: user.password,
      });
      expect(signIn.statusCode, `${address}: ${signIn.body}`).toBe(200);
      const saved = await send("PUT", "/api/me/notifications", PREFS);
      expect(saved.statusCode, `${address}: ${saved.body}`).toBe(200);
    }
  });

  it("trusts Sec-Fetch-Site: same-origin (the Vite dev server's proxy keeps Host)", async () => {
    const user = await member(t);
    const send = browser(t, "localhost:3000", "http://localhost:5173", {
      "sec-fetch-site": "same-origin",
    });
    const signIn = await send("POST", "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it("still refuses a real cross-site request", async () => {
    const user = await member(t);
    for (const [origin, site] of [
      ["https://evil.example", "cross-site"],
      ["http://127.0.0.1:3000", "cross-site"], // not the Host it was sent to
    ] as const) {
      const send = browser(t, "localhost:3000", origin, { "sec-fetch-site": site });
      const res = await send("POST", "/api/auth/sign-in/email", {
        email: user.email,
        password: user.password,
      });
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(403);
      expect(res.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("Better Auth applies the same rule to the requests it checks itself", async () => {
    const user = await member(t);
    const signIn = (host: string, origin: string) =>
      t.app.auth.handler(
        new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { host, origin, "content-type": "application/json" },
          body: JSON.stringify({ email: user.email, password: user.password }),
        }),
      );
    expect((await signIn("127.0.0.1:3000", "http://127.0.0.1:3000")).status).toBe(200);
    expect((await signIn("127.0.0.1:3000", "https://evil.example")).status).toBe(403);
  });
});

describe("in production, only PUBLIC_URL and TRUSTED_ORIGINS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        NODE_ENV: "production",
        BETTER_AUTH_SECRET: SECRET,
        // A test pair (production requires one, ADR 059).
        VAPID_PUBLIC_KEY:
          "BC_G8SzYVcTOc57HtRXEZtoryYvjm6wY1oiJQ5JADd9U2fPnNXheZLMcSnAikMY0GAwxwLyzTg26-HPE7Ir7xpo",
        VAPID_PRIVATE_KEY: "mCI5QbIKwq8nV1eu-uC1fCdi_mz9FfpaTE2pR7tc_kg",
        PUBLIC_URL: TEST_ORIGIN,
        TRUSTED_ORIGINS: "http://localhost:5173",
      },
    });
  });
  afterAll(() => t.close());

  it("refuses the served address when it is not configured, in the plugin and in Better Auth", async () => {
    const user = await member(t);
    const direct = browser(t, "127.0.0.1:3000", "http://127.0.0.1:3000");
    const refused = await direct("POST", "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Cross-origin requests are not allowed.");
    const sameOriginWord = browser(t, "localhost:3000", "http://localhost:5174", {
      "sec-fetch-site": "same-origin",
    });
    const alsoRefused = await sameOriginWord("POST", "/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(alsoRefused.statusCode).toBe(403);
    const betterAuth = await t.app.auth.handler(
      new Request(`${TEST_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          host: "127.0.0.1:3000",
          origin: "http://127.0.0.1:3000",
          "content-type": "application/json",
        },
        body: JSON.stringify({ email: user.email, password: user.password }),
      }),
    );
    expect(betterAuth.status).toBe(403);

    for (const origin of [TEST_ORIGIN, "http://localhost:5173"]) {
      const send = browser(t, "localhost:3000", origin);
      const ok = await send("POST", "/api/auth/sign-in/email", {
        email: user.email,
        password: user.password,
      });
      expect(ok.statusCode, `${origin}: ${ok.body}`).toBe(200);
      expect((await send("PUT", "/api/me/notifications", PREFS)).statusCode).toBe(200);
    }
  });
});
