import { vitalRoute } from "@viewvault/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";

const TOKEN = "metrics-token-for-the-tests-0123456789";

/** The value of one sample line, e.g. `vv_web_vital_cls_count{route="/feed",lang="en"}`. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("POST /api/vitals (field data, ADR 066)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(() => t.close());

  const scrape = async () =>
    (
      await t.app.inject({
        method: "GET",
        url: "/api/metrics",
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).body;

  it("keeps each vital in a histogram by route pattern and language (times in seconds)", async () => {
    const c = client(t.app);
    const res = await c.request("POST", "/api/vitals", {
      route: "/feed",
      lang: "pt-BR",
      metrics: [
        { name: "LCP", value: 2100 },
        { name: "FCP", value: 900 },
        { name: "TTFB", value: 120 },
        { name: "INP", value: 80 },
        { name: "CLS", value: 0.012 },
      ],
    });
    expect(res.statusCode).toBe(204);
    const text = await scrape();
    const lcp = 'metric="LCP",route="/feed",lang="pt-BR"';
    expect(sample(text, `vv_web_vital_seconds_count{${lcp}}`)).toBe(1);
    expect(sample(text, `vv_web_vital_seconds_sum{${lcp}}`)).toBeCloseTo(2.1);
    expect(sample(text, `vv_web_vital_seconds_bucket{le="2.5",${lcp}}`)).toBe(1);
    expect(sample(text, `vv_web_vital_seconds_bucket{le="1.8",${lcp}}`)).toBe(0);
    expect(sample(text, 'vv_web_vital_cls_sum{route="/feed",lang="pt-BR"}')).toBeCloseTo(0.012);
    // The overview's p75 comes from the same histograms.
    const p75 = await t.app.metrics.webVitalsP75();
    const row = p75.find((r) => r.metric === "LCP" && r.route === "/feed" && r.lang === "pt-BR");
    expect(row?.count).toBe(1);
    expect(row?.p75).toBeGreaterThan(1.8);
    expect(row?.p75).toBeLessThanOrEqual(2.5);
  });

  it.each([
    ["an unknown route (a raw URL)", { route: "/watch/123", lang: "en", metrics: [] }],
    ["an unknown route", { route: "/secret", lang: "en", metrics: [{ name: "LCP", value: 1 }] }],
    ["an unknown language", { route: "/", lang: "fr", metrics: [{ name: "LCP", value: 1 }] }],
    ["an unknown vital", { route: "/", lang: "en", metrics: [{ name: "FID", value: 1 }] }],
    ["a negative value", { route: "/", lang: "en", metrics: [{ name: "LCP", value: -1 }] }],
    ["a huge value", { route: "/", lang: "en", metrics: [{ name: "LCP", value: 1e12 }] }],
    ["a string value", { route: "/", lang: "en", metrics: [{ name: "LCP", value: "1" }] }],
    [
      "a vital twice",
      {
        route: "/",
        lang: "en",
        metrics: [
          { name: "LCP", value: 1 },
          { name: "LCP", value: 2 },
        ],
      },
    ],
    [
      "an identifier on the side",
      { route: "/", lang: "en", metrics: [{ name: "LCP", value: 1 }], userId: "x" },
    ],
    ["no body", undefined],
    ["an array", [1, 2, 3]],
  ])("refuses %s with a 400, never a 5xx", async (_name, body) => {
    const res = await client(t.app).request("POST", "/api/vitals", body);
    expect(res.statusCode).toBe(400);
  });

  it("refuses a body that is not JSON, or too large, with a 4xx", async () => {
    const c = client(t.app);
    const junk = await c.request("POST", "/api/vitals", undefined, {
      "content-type": "application/json",
    });
    expect(junk.statusCode).toBeGreaterThanOrEqual(400);
    expect(junk.statusCode).toBeLessThan(500);
    const huge = await c.request("POST", "/api/vitals", {
      route: "/",
      lang: "en",
      metrics: [{ name: "LCP", value: 1 }],
      pad: "x".repeat(10_000),
    });
    expect(huge.statusCode).toBe(413);
  });

  it("limits one address to 30 beacons a minute", async () => {
    const c = client(t.app);
    const beacon = { route: "/", lang: "en", metrics: [{ name: "FCP", value: 500 }] };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await c.request("POST", "/api/vitals", beacon)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 204)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("GET /api/admin/web-vitals is for admins only", async () => {
    const visitor = await client(t.app).request("GET", "/api/admin/web-vitals");
    expect(visitor.statusCode).toBe(401);
    const member = await createSignedInMember(t.app);
    expect((await member.c.request("GET", "/api/admin/web-vitals")).statusCode).toBe(403);
  });

  it("names routes by their pattern, never the URL", () => {
    expect(vitalRoute("/")).toBe("/");
    expect(vitalRoute("/feed")).toBe("/feed");
    expect(vitalRoute("/watch/6f1c7c52-3c1e-4b6e-9d7a-0a7d5f6f2c11")).toBe("/watch/:id");
    expect(vitalRoute("/admin/members/abc")).toBe("/admin/members/:id");
    expect(vitalRoute("/privacy-policy")).toBe("/:document");
    expect(vitalRoute("/@alice")).toBe("/:profile");
    expect(vitalRoute("/a/b/c/d")).toBe("other");
  });
});
