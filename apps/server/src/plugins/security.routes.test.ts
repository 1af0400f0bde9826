import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/app";
import { AppError } from "../lib/app-error";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    beforeReady(app) {
      app.post(
        "/api/test/echo",
        {
          schema: {
            body: z.object({ name: z.string().min(2), amount: z.number().int().positive() }),
          },
        },
        async (request) => request.body,
      );
      app.get("/api/test/boom", async () => {
        throw new Error("secret database password leaked in stack");
      });
      app.get("/api/test/conflict", async () => {
        throw new AppError("CONFLICT", { context: "watchRaced" });
      });
    },
  });
});
afterAll(() => t.close());

describe("the security plugin", () => {
  it("refuses cross-origin state-changing requests", async () => {
    const evil = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { origin: "https://evil.example" },
      payload: { name: "ok", amount: 1 },
    });
    expect(evil.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "sec-fetch-site": "cross-site" },
      payload: { name: "ok", amount: 1 },
    });
    expect(crossSite.statusCode).toBe(403);
    const same = await t.app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { origin: TEST_ORIGIN },
      payload: { name: "ok", amount: 1 },
    });
    expect(same.statusCode).toBe(200);
    expect(same.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("sends security headers with a CSP that allows the YouTube embed and thumbnails", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("frame-src https://www.youtube-nocookie.com");
    expect(csp).toContain("https://i.ytimg.com");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });
});
