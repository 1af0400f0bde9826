import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { loadEnv } from "../../config/env";

const SECRET = "test-secret-test-secret-test-secret-1234";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { BETTER_AUTH_SECRET: SECRET } });
});
afterAll(() => t.close());

describe("site config and the test clock", () => {
  it("exposes the ad network tag and allows its origin in the CSP", async () => {
    const anonymous = client(t.app);
    const res = await anonymous.request("GET", "/api/config");
    expect(res.json()).toEqual({
      adNetworkTag: null,
      youtubeIframeApiUrl: "https://www.youtube.com/iframe_api",
    });
    expect((await anonymous.request("POST", "/api/test/clock", { advanceMs: 1 })).statusCode).toBe(
      404,
    );

    const withAd = await createTestApp({
      env: {
        BETTER_AUTH_SECRET: SECRET,
        AD_NETWORK_TAG: "https://ads.example.net/tag.js",
        E2E_CLOCK: "1",
      },
    });
    try {
      const c = client(withAd.app);
      const config = await c.request("GET", "/api/config");
      expect(config.json()).toEqual({
        adNetworkTag: "https://ads.example.net/tag.js",
        youtubeIframeApiUrl: "https://www.youtube.com/iframe_api",
      });
      expect(String(config.headers["content-security-policy"])).toMatch(
        /script-src [^;]*https:\/\/ads\.example\.net/,
      );
      const before = Date.now();
      const moved = await c.request("POST", "/api/test/clock", { advanceMs: 3_600_000 });
      expect(moved.statusCode).toBe(200);
      expect(new Date(moved.json().now).getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    } finally {
      await withAd.close();
    }
    expect(() =>
      loadEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, E2E_CLOCK: "1" }),
    ).toThrow(/E2E_CLOCK/);
  });
});
