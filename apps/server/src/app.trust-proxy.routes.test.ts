import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueUser } from "../test/accounts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test/app";
import { users } from "./db/schema";

/** The proxy's own address: every request below reaches the app through it. */
const PROXY = "10.0.0.1";

function randomAddress(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `${octet()}.${octet()}.${octet()}.${octet()}`;
}

/** A wrong-password sign-in as the proxy forwards it: the client's header plus what the proxy appended. */
async function signInThrough(
  app: FastifyInstance,
  forwardedFor: string,
  from = PROXY,
): Promise<number> {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    remoteAddress: from,
    headers: {
      origin: TEST_ORIGIN,
      "content-type": "application/json",
      "x-forwarded-for": forwardedFor,
    },
    payload: JSON.stringify({ email: "nobody@example.test", password: "wrong-password-9" }),
  });
  return res.statusCode;
}

async function attempts(n: number, forwardedFor: () => string, from?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push(await signInThrough(t.app, forwardedFor(), from));
  return statuses;
}

let t: TestApp;

describe("TRUST_PROXY=1 (one proxy hop)", () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: "1" } });
  });
  afterAll(() => t.close());

  it("limits sign-in by the address the proxy saw, whatever the client wrote to its left", async () => {
    const statuses = await attempts(8, () => `${randomAddress()}, 10.0.0.2`);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("keeps two clients behind the same proxy apart", async () => {
    const first = await attempts(6, () => `${randomAddress()}, 10.0.0.3`);
    expect(first.at(-1)).toBe(429);
    // Another member behind the same proxy still has the whole budget.
    const second = await attempts(5, () => "10.0.0.4");
    expect(second).toEqual([401, 401, 401, 401, 401]);
    expect(await signInThrough(t.app, "10.0.0.4")).toBe(429);
  });

  it("records the proxy-seen address as the sign-up address (the referral network check)", async () => {
    const user = uniqueUser("proxied");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: PROXY,
      headers: {
        origin: TEST_ORIGIN,
        "content-type": "application/json",
        "x-forwarded-for": "203.0.113.77, 198.51.100.23",
      },
      payload: JSON.stringify({ name: user.username, ...user }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.database.db
      .select({ signupIp: users.signupIp })
      .from(users)
      .where(eq(users.email, user.email));
    expect(row?.signupIp).toBe("198.51.100.23");
  });
});

describe("TRUST_PROXY as the proxies' addresses", () => {
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: `${PROXY}, 10.9.0.0/16` } });
  });
  afterAll(() => t.close());

  it("uses the entry the listed proxy appended, and ignores the header from anyone else", async () => {
    const spoofed = await attempts(6, () => `${randomAddress()}, 10.0.0.5`);
    expect(spoofed.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(spoofed[5]).toBe(429);
    // Straight to the app, not through a listed proxy: the header is the client's own words.
    const direct = await attempts(6, () => randomAddress(), "192.0.2.50");
    expect(direct.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(direct[5]).toBe(429);
  });

  it("skips every listed proxy hop, so a chain of them still yields the client", async () => {
    // client → 10.9.1.1 (listed) → 10.0.0.1 (listed) → app
    const chain = await attempts(6, () => `${randomAddress()}, 10.0.0.6, 10.9.1.1`);
    expect(chain.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(chain[5]).toBe(429);
  });
});
