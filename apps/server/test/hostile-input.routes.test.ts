import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyLedger } from "../src/modules/ledger/verify-ledger";
import { type Client, client } from "./accounts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "./app";
import { createSignedInMember, type SignedInMember, USDT } from "./factories";

/**
 * Requests no real client sends: each gets a clear 4xx and changes nothing, never a 5xx.
 * (test/fuzz.routes.test.ts throws thousands of generated ones at every operation.)
 */
let t: TestApp;
let member: SignedInMember;
let other: SignedInMember;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
  member = await createSignedInMember(t.app, { views: 5_000n, usdt: USDT(500) });
  other = await createSignedInMember(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

async function balances(c: Client) {
  return (await c.request("GET", "/api/balances")).json();
}

/** JSON nested `depth` arrays deep: [[[…]]]. */
function deepJson(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

describe("amounts beyond AMOUNT_LIMITS", () => {
  it("answers INVALID_AMOUNT to a swap or transfer that would overflow, and moves nothing", async () => {
    const before = await balances(member.c);
    const cases: Array<[string, Record<string, string>]> = [
      ["/api/swaps", { direction: "VIEWS_TO_USDT", amount: "92233720368548" }],
      ["/api/swaps", { direction: "VIEWS_TO_USDT", amount: "999999999999999999" }],
      ["/api/swaps", { direction: "USDT_TO_VIEWS", amount: "999999999999.999999" }],
      [
        "/api/transfers",
        { recipient: other.profile.id, transferType: "VIEWS", amount: "999999999999999999" },
      ],
      [
        "/api/transfers",
        { recipient: other.profile.id, transferType: "USDT", amount: "999999999999.999999" },
      ],
    ];
    for (const [url, body] of cases) {
      const res = await member.c.request("POST", url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe("INVALID_AMOUNT");
    }
    expect(await balances(member.c)).toEqual(before);
  });
});

describe("cursors", () => {
  it("answers 400 to an activity cursor that is not a safe positive integer", async () => {
    for (const cursor of [
      "9223372036854775807",
      "9223372036854775808",
      "99999999999999999999999999",
      "9007199254740992",
      "0",
      "-1",
      "1e3",
      "1".repeat(500),
    ]) {
      const res = await member.c.request("GET", `/api/activity?cursor=${cursor}`);
      expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    expect(
      (await member.c.request("GET", "/api/activity?cursor=9007199254740991")).statusCode,
    ).toBe(200);
  });

  it("answers 400 to an over-long or malformed feed cursor", async () => {
    const id = randomUUID();
    for (const cursor of [
      `99999999999999999999_${id}`,
      `${"9".repeat(19)}_${id}`,
      "x".repeat(5_000),
      `1_${"a".repeat(36)}`,
      "abc",
    ]) {
      const res = await t.app.inject({ method: "GET", url: `/api/videos?cursor=${cursor}` });
      expect(res.statusCode, `${cursor.slice(0, 40)}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    const ok = await t.app.inject({
      method: "GET",
      url: `/api/videos?cursor=1700000000000000_${id}`,
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe("NUL characters", () => {
  it("refuses a NUL in a path or query parameter on every route with one clear 400", async () => {
    for (const url of [
      "/api/profiles/a%00b",
      "/api/videos/a%00b",
      "/api/usernames/availability?username=a%00b",
      "/api/transfers/recipient?query=ab%00c",
      "/api/activity?kind=swap%00",
      "/api/activity?currency=VIEWS&kind=%00",
      "/api/activity.csv?kind=a%00b",
      "/api/videos/preview?url=https://youtu.be/%00",
      "/api/auth/verify-email?token=a%00b",
    ]) {
      const res = await member.c.request("GET", url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
      expect(res.json().message).toMatch(/NUL/);
    }
  });

  it("refuses a NUL in any string or key of a JSON body, and moves nothing", async () => {
    const before = await balances(member.c);
    const bodies: Array<[string, string, unknown]> = [
      ["POST", "/api/transfers", { recipient: "a\u0000b", transferType: "VIEWS", amount: "100" }],
      [
        "POST",
        "/api/transfers",
        { recipient: other.profile.username, transferType: "VIEWS", amount: "100\u0000" },
      ],
      ["POST", "/api/swaps", { direction: "VIEWS_TO_USDT", amount: "1", "x\u0000": 1 }],
      ["PATCH", "/api/me/profile", { username: "nul\u0000name" }],
      ["POST", "/api/auth/sign-in/email", { email: "a\u0000@example.test", password: "x" }],
    ];
    for (const [method, url, body] of bodies) {
      const res = await member.c.request(method as "POST", url, body);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().code).toBe("VALIDATION_FAILED");
    }
    expect(await balances(member.c)).toEqual(before);
  });
});

describe("bodies", () => {
  const noBody = () => [
    "/api/view-requests",
    `/api/videos/${randomUUID()}/boost`,
    `/api/videos/${randomUUID()}/sessions`,
    `/api/watch-sessions/${randomUUID()}/content`,
  ];

  it("refuses JSON nested deeper than 32 levels before parsing it, on every route", async () => {
    for (const url of [
      ...noBody(),
      `/api/watch-sessions/${randomUUID()}/complete`,
      `/api/watch-sessions/${randomUUID()}/heartbeats`,
      "/api/swaps",
      "/api/transfers",
      "/api/auth/sign-up/email",
    ]) {
      for (const depth of [33, 5_000, 200_000]) {
        const res = await t.app.inject({
          method: "POST",
          url,
          headers: {
            origin: TEST_ORIGIN,
            cookie: member.c.cookie,
            "content-type": "application/json",
          },
          payload: deepJson(depth),
        });
        expect(res.statusCode, `${url} depth ${depth}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe("VALIDATION_FAILED");
      }
    }
  });

  it("refuses a body on routes that take none (an empty object is fine)", async () => {
    const before = await balances(member.c);
    for (const url of noBody()) {
      for (const body of [{ amount: "1" }, [1], "text", 1, null]) {
        const res = await member.c.request("POST", url, body);
        expect(res.statusCode, `${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
        expect(res.json().code).toBe("VALIDATION_FAILED");
      }
    }
    expect(await balances(member.c)).toEqual(before);
    // An empty object, as some clients send, still works.
    const empty = await member.c.request("POST", "/api/view-requests", {});
    expect(empty.statusCode, empty.body).toBe(201);
  });
});

describe("malformed auth requests", () => {
  it("answer 4xx, never 5xx", async () => {
    const anonymous = client(t.app);
    const cases: Array<[string, string | undefined, string | undefined]> = [
      ["/api/auth/sign-up/email", undefined, undefined],
      ["/api/auth/sign-up/email", "", "application/json"],
      ["/api/auth/sign-up/email", "{}", "application/json"],
      ["/api/auth/sign-up/email", "not json", "application/json"],
      ["/api/auth/sign-up/email", "[1,2]", "application/json"],
      ["/api/auth/sign-up/email", '"text"', "application/json"],
      ["/api/auth/sign-up/email", "null", "application/json"],
      ["/api/auth/sign-up/email", "email=a&password=b", "application/x-www-form-urlencoded"],
      ["/api/auth/sign-up/email", '{"email":1,"password":2,"name":3}', "application/json"],
      ["/api/auth/sign-in/email", "{}", "application/json"],
      ["/api/auth/sign-in/email", undefined, undefined],
      ["/api/auth/sign-in/username", "{}", "application/json"],
      ["/api/auth/request-password-reset", "{}", "application/json"],
      ["/api/auth/reset-password", "{}", "application/json"],
      ["/api/auth/send-verification-email", "{}", "application/json"],
    ];
    for (const [url, payload, type] of cases) {
      const res = await t.app.inject({
        method: "POST",
        url,
        remoteAddress: anonymous.ip,
        headers: { origin: TEST_ORIGIN, ...(type ? { "content-type": type } : {}) },
        ...(payload !== undefined ? { payload } : {}),
      });
      expect(res.statusCode, `${url} ${payload}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${url} ${payload}: ${res.body}`).toBeLessThan(500);
    }
  });

  it("refuse a redirect target that is neither a path nor an http(s) URL (Better Auth threw on it)", async () => {
    const anonymous = client(t.app);
    for (const callbackURL of ["abc", "javascript:alert(1)", "//evil.example"]) {
      const res = await anonymous.request(
        "GET",
        `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(callbackURL)}`,
      );
      expect(res.statusCode, `${callbackURL}: ${res.body}`).toBe(400);
      const signUp = await anonymous.request("POST", "/api/auth/sign-up/email", {
        email: "redirect@example.test",
        password: "violet-lantern-42",
        name: "redirect",
        username: "redirect_target",
        callbackURL,
      });
      expect(signUp.statusCode, `${callbackURL}: ${signUp.body}`).toBe(400);
    }
    // A path still works: an invalid token redirects there with the error.
    const ok = await anonymous.request(
      "GET",
      "/api/auth/verify-email?token=not-a-token&callbackURL=%2Fdashboard",
    );
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe("/dashboard?error=INVALID_TOKEN");
  });
});
