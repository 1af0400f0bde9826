import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { fixedClock } from "../../lib/clock";

const SECRET = "test-secret-test-secret-test-secret-1234";
const TITLES: Record<string, string> = {
  dQw4w9WgXcQ: "Rick Astley - Never Gonna Give You Up",
  jNQXAC9IVRw: "Me at the zoo",
  "9bZkp7q19f0": "PSY - GANGNAM STYLE",
  kJQP7kiw5Fk: "Luis Fonsi - Despacito ft. Daddy Yankee",
  "3JZ_D3ELwOQ": "Shorts title",
  M7lc1UVf_VE: "Embed title",
  slowSlowSlo: "Too slow",
};

const clock = fixedClock("2026-11-21T12:00:00.000Z");
const t = useTestApp({
  clock,
  env: { BETTER_AUTH_SECRET: SECRET, OEMBED_TIMEOUT_MS: "300" },
  oembed: { titles: TITLES, slow: ["slowSlowSlo"], slowMs: 1_500 },
  verifyLedger: true,
});
const db = () => t.database.db;

function member(views = 0n) {
  return createSignedInMember(t.app, { views });
}

async function views(c: Client): Promise<string> {
  return (await c.request("GET", "/api/balances")).json().views;
}

describe("view requests", () => {
  it("charges 1 view, matches two members first-in-first-out for +2 each, 10 a day", async () => {
    // Drain any pool left by other tests.
    await db().execute(sql`update view_requests set status = 'MATCHED' where status = 'PENDING'`);
    const broke = await member(0n);
    const refused = await broke.c.request("POST", "/api/view-requests");
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "You need at least 1 view to request views",
    });
    // The refused attempt did not use a daily slot.
    expect((await broke.c.request("GET", "/api/view-requests")).json().todayCount).toBe(0);

    const a = await member(20n);
    const b = await member(20n);
    const a1 = await a.c.request("POST", "/api/view-requests");
    expect(a1.statusCode).toBe(201);
    expect(a1.json()).toMatchObject({
      matched: false,
      request: { status: "PENDING", dailyCount: 1 },
      balances: { views: "19" },
    });
    clock.advance(1_000);
    const a2 = (await a.c.request("POST", "/api/view-requests")).json();
    expect(a2.matched).toBe(false); // never matched with yourself
    clock.advance(1_000);
    // The waiting member's open streams are told of the match (their open dialog reads again).
    const told: Array<[string, string[] | null]> = [];
    const stop = t.app.realtime.onAnnounce((event, members) => told.push([event, members]));
    const b1 = await b.c.request("POST", "/api/view-requests");
    stop();
    expect(told).toEqual([["viewRequests", [a.id]]]);
    expect(b1.json()).toMatchObject({
      matched: true,
      request: { status: "MATCHED", matchedWith: { id: a.id, username: a.user.username } },
      balances: { views: "19", heldViews: "2" }, // the match's 2 are on hold (ADR 047)
    });
    expect(await views(a.c)).toBe("18"); // 20 − 2, and 2 on hold
    expect((await a.c.request("GET", "/api/balances")).json().heldViews).toBe("2");
    const listA = (await a.c.request("GET", "/api/view-requests")).json();
    expect(listA.todayCount).toBe(2);
    expect(listA.dailyLimit).toBe(10);
    // The oldest request was matched; the second still waits.
    expect(listA.requests.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [a2.request.id, "PENDING"],
      [a1.json().request.id, "MATCHED"],
    ]);

    for (let i = 3; i <= 10; i++) {
      const res = await a.c.request("POST", "/api/view-requests");
      expect(res.statusCode).toBe(201);
      expect(res.json().request.dailyCount).toBe(i);
    }
    const eleventh = await a.c.request("POST", "/api/view-requests");
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toMatchObject({
      code: "DAILY_LIMIT_REACHED",
      message: "You have already made 10 view requests today",
    });
    // A new UTC day opens ten more.
    clock.advance(24 * 3_600_000);
    expect((await a.c.request("POST", "/api/view-requests")).statusCode).toBe(201);
    // Clean the pool for other suites.
    await db().execute(sql`update view_requests set status = 'MATCHED' where status = 'PENDING'`);
  });
});
