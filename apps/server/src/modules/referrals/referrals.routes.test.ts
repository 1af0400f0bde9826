import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, memberFactory } from "../../../test/factories";
import { referrals } from "../../db/schema";

// "referrals in full": the whole list, newest first, paged by keyset.
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/referrals", () => {
  it("pages every referral once, newest first (ties by id), with what each earned the referrer", async () => {
    const referrer = await createSignedInMember(t.app);
    const other = await createSignedInMember(t.app);
    const base = Date.parse("2026-11-01T10:00:00.123456Z");
    const statuses = ["PAID", "HELD", "REJECTED"] as const;
    const made: Array<{ id: string; at: number; username: string }> = [];
    for (let i = 0; i < 7; i++) {
      const referred = await memberFactory.create({}, { transient: { db: db() } });
      // Two referrals in the same instant: the id breaks the tie, the cursor keeps both.
      const at = base + (i === 3 ? 2 : i) * 3_600_000;
      const [row] = await db()
        .insert(referrals)
        .values({
          referrerUserId: referrer.id,
          referredUserId: referred.profile.id,
          viewsBonus: 1n,
          usdtBonus: 0n,
          status: statuses[i % 3]!,
          createdAt: new Date(at),
        })
        .returning({ id: referrals.id });
      made.push({ id: row!.id, at, username: referred.username });
    }
    // Another referrer's referral is not in this list.
    const stranger = await memberFactory.create({}, { transient: { db: db() } });
    await db().insert(referrals).values({
      referrerUserId: other.id,
      referredUserId: stranger.profile.id,
      viewsBonus: 1n,
      usdtBonus: 0n,
      status: "PAID",
    });

    const expected = [...made]
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/referrals?limit=3${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await referrer.c.request("GET", url);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      pages++;
      seen.push(...page.referrals.map((r: { id: string }) => r.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(expected);

    const first = (await referrer.c.request("GET", "/api/referrals")).json();
    expect(first.nextCursor).toBeNull();
    const paid = first.referrals.find((r: { status: string }) => r.status === "PAID");
    expect(paid).toMatchObject({ earnedViews: "1", earnedUsdt: "0", viewsBonus: "1" });
    const held = first.referrals.find((r: { status: string }) => r.status === "HELD");
    expect(held).toMatchObject({ earnedViews: "0" });
    // The summary keeps its latest three.
    const summary = (await referrer.c.request("GET", "/api/referrals/summary")).json();
    expect(summary.totalReferrals).toBe(7);
    expect(summary.recent.map((r: { id: string }) => r.id)).toEqual(expected.slice(0, 3));

    expect((await other.c.request("GET", "/api/referrals")).json().referrals).toHaveLength(1);
    expect((await referrer.c.request("GET", "/api/referrals?cursor=nope")).statusCode).toBe(400);
    expect((await referrer.c.request("GET", "/api/referrals?limit=51")).statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/referrals" })).statusCode).toBe(401);
  });
});
