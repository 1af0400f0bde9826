import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { NOTIFICATION_KINDS } from "@viewvault/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createSignedInMember,
  fundHeld,
  heldReferral,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { queryRows } from "../../db/client";
import { mailOutbox, marketOffers, notifications } from "../../db/schema";
import { fixedClock } from "../../lib/clock";

const clock = fixedClock("2026-11-22T20:00:00Z");
let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    clock,
  });
});
afterAll(() => t.close());

const member = (overrides: Parameters<typeof createSignedInMember>[1] = {}) =>
  createSignedInMember(t.app, overrides);
type Member = Awaited<ReturnType<typeof member>>;

async function inbox(m: Member, query = "") {
  const res = await m.c.request("GET", `/api/notifications${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    items: Array<{
      id: string;
      kind: string;
      params: Record<string, string>;
      readAt: string | null;
    }>;
    nextCursor: string | null;
    unread: number;
  };
}
const unread = async (m: Member) =>
  ((await m.c.request("GET", "/api/notifications/unread")).json() as { unread: number }).unread;

/** vv_notify straight from the database, as a cause's transaction calls it. */
async function notifyDirect(memberId: string, kind: string, params: Record<string, string>) {
  await db().execute(
    sql`select vv_notify(${memberId}::uuid, ${kind}, ${JSON.stringify(params)}::jsonb, ${clock.now().toISOString()}::timestamptz)`,
  );
}

let admin: Member;
async function grantBonus(target: Member, amount: string, key: string) {
  const res = await admin.c.request(
    "POST",
    `/api/admin/members/${target.id}/bonuses`,
    { amount, reason: "Launch week" },
    { "idempotency-key": key },
  );
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

beforeAll(async () => {
  admin = await member({ role: "admin", twoFactor: true });
  const confirmed = await admin.c.request("POST", "/api/admin/step-up", {
    password: TEST_PASSWORD,
  });
  expect(confirmed.statusCode).toBe(200);
});

describe("a notification commits with its cause", () => {
  it("a bonus grant tells its member, only them, in the inbox and the bell", async () => {
    const a = await member();
    const b = await member();
    const bonus = await grantBonus(a, "25", "notify-grant-1");
    const page = await inbox(a);
    expect(page.unread).toBe(1);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: "bonusGranted",
      params: { amount: "25", bonusId: bonus.id },
      readAt: null,
    });
    expect(await unread(a)).toBe(1);
    expect((await inbox(b)).items).toEqual([]);
    // A replayed grant (same key) is the same grant: no second notification.
    await grantBonus(a, "25", "notify-grant-1");
    expect(await unread(a)).toBe(1);
  });

  it("a money command that rolls back leaves no notification", async () => {
    const a = await member({ views: 1_000n });
    const b = await member();
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`select vv_transfer(${a.id}::uuid, null, null, null, ${b.id}, 'VIEWS', 150::bigint, ${a.profile.username}, now())`,
        );
        // The transfer and its notification were written; then the transaction fails.
        const [counted] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from notifications where member_id = ${b.id}::uuid`,
        );
        expect(counted?.n).toBe(1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await db().select().from(notifications).where(eq(notifications.memberId, b.id))).toEqual(
      [],
    );
    expect(await unread(b)).toBe(0);
    // The same transfer committed: one notification, with the e-mail it always had.
    const sent = await a.c.request(
      "POST",
      "/api/transfers",
      { recipient: b.profile.username, transferType: "VIEWS", amount: "150" },
      { "idempotency-key": "notify-transfer-1" },
    );
    expect(sent.statusCode).toBe(200);
    const page = await inbox(b);
    expect(page.items.map((i) => i.kind)).toEqual(["transferReceived"]);
    // At the server's clock (the test's, days from the database's now()), as every other cause's.
    for (const table of [
      sql`notifications where member_id`,
      sql`user_transfers where recipient_id`,
    ]) {
      const [row] = await queryRows<{ at: string }>(
        db(),
        sql`select created_at::text as at from ${table} = ${b.id}::uuid`,
      );
      expect(new Date(row?.at ?? 0).toISOString()).toBe(clock.now().toISOString());
    }
    expect(page.items[0]?.params).toMatchObject({
      currency: "VIEWS",
      amount: "150",
      sender: a.profile.username,
    });
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.profileId, b.id), eq(mailOutbox.kind, "transfer-received")));
    expect(mails).toHaveLength(1);
  });

  it("an offer sold tells the seller; e-mail follows the per-kind choice", async () => {
    const seller = await member({ views: 5_000n });
    const buyer = await member({ usdt: USDT(100) });
    const prefs = await seller.c.request("PUT", "/api/notifications/preferences", {
      preferences: [{ kind: "offerSold", email: false, push: false }],
    });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().preferences).toContainEqual({
      kind: "offerSold",
      email: false,
      push: false,
    });
    const offer = await seller.c.request(
      "POST",
      "/api/marketplace/offers",
      { viewsQuantity: "1000", pricePerView: "0.002" },
      { "idempotency-key": "notify-offer-1" },
    );
    expect(offer.statusCode, offer.body).toBeLessThan(300);
    const [row] = await db()
      .select()
      .from(marketOffers)
      .where(eq(marketOffers.sellerId, seller.id));
    const bought = await buyer.c.request(
      "POST",
      `/api/marketplace/offers/${row?.id}/buy`,
      undefined,
      { "idempotency-key": "notify-buy-1" },
    );
    expect(bought.statusCode, bought.body).toBe(200);
    const page = await inbox(seller);
    expect(page.items[0]).toMatchObject({
      kind: "offerSold",
      params: { views: "1000", buyer: buyer.profile.username },
    });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.profileId, seller.id));
    expect(mails.filter((m) => m.kind === "offer-sold")).toEqual([]);
  });
});

describe("every cause tells its member", () => {
  const kindsOf = async (memberId: string) =>
    (
      await db()
        .select({ kind: notifications.kind, params: notifications.params })
        .from(notifications)
        .where(eq(notifications.memberId, memberId))
    ).map((n) => ({ kind: n.kind, params: n.params }));

  it("a referral held for review, then approved by staff", async () => {
    const { id, referrer, referee } = await heldReferral(db());
    expect(await kindsOf(referrer.profile.id)).toEqual([
      { kind: "referralHeld", params: { username: referee.profile.username } },
    ]);
    await db().execute(
      sql`select vv_referral_approve(${admin.id}::uuid, null, null, null, ${id}::uuid, 'ok',
            'admin', null, 100::bigint, now())`,
    );
    expect((await kindsOf(referrer.profile.id)).map((n) => n.kind).sort()).toEqual([
      "referralConfirmed",
      "referralHeld",
    ]);
  });

  it("a referral paid at once tells the referrer", async () => {
    const referrer = await member();
    const referee = await member({ referredBy: referrer.id });
    const { grantSignupRewards } = await import("../referrals/referrals.service");
    expect((await grantSignupRewards(db(), referee.id)).outcome).toBe("paid");
    expect(await kindsOf(referrer.id)).toEqual([
      {
        kind: "referralConfirmed",
        params: { username: referee.profile.username, views: expect.any(String) },
      },
    ]);
  });

  it("staff clear held earnings early, one each; the clearing job tells once a day while unread", async () => {
    const m = await member();
    const early = await fundHeld(db(), m.id, 5n, { now: clock.now() });
    const twoDaysAgo = new Date(clock.now().getTime() - 48 * 3600_000);
    const due = [];
    for (const amount of [3n, 4n, 6n])
      due.push(await fundHeld(db(), m.id, amount, { now: twoDaysAgo }));
    const settle = (hold: string) =>
      db().execute(
        sql`select vv_hold_settle(${hold}::uuid, 'CLEARED', null, null, null, null,
              ${clock.now().toISOString()}::timestamptz, true)`,
      );
    await db().execute(
      sql`select vv_hold_settle(${early}::uuid, 'CLEARED', ${admin.id}::uuid, 'admin', 'checked',
            null, ${clock.now().toISOString()}::timestamptz, false)`,
    );
    await settle(due[0] as string);
    await settle(due[1] as string);
    expect(await kindsOf(m.id)).toEqual(
      expect.arrayContaining([
        { kind: "holdCleared", params: { currency: "VIEWS", amount: "5", holdId: early } },
        {
          kind: "holdCleared",
          params: { currency: "VIEWS", amount: "7", count: "2", source: "due" },
        },
      ]),
    );
    expect(await kindsOf(m.id)).toHaveLength(2);
    // Once read, the next cleared hold starts a new notification.
    expect((await m.c.request("POST", "/api/notifications/read-all")).statusCode).toBeLessThan(300);
    await settle(due[2] as string);
    const rows = await kindsOf(m.id);
    expect(rows).toHaveLength(3);
    expect(rows).toContainEqual({
      kind: "holdCleared",
      params: { currency: "VIEWS", amount: "6", count: "1", source: "due" },
    });
    expect(await unread(m)).toBe(1);
  });

  it("earned views crossing a milestone tell the member, once per level", async () => {
    const m = await member();
    await fundHeld(db(), m.id, 999n, { now: clock.now() });
    expect(await kindsOf(m.id)).toEqual([]);
    await fundHeld(db(), m.id, 2n, { now: clock.now() });
    await fundHeld(db(), m.id, 2n, { now: clock.now() });
    expect(await kindsOf(m.id)).toEqual([
      { kind: "milestoneReached", params: { views: "1000", amount: "10" } },
    ]);
  });

  it("a cash-out pause tells the member why", async () => {
    const m = await member();
    const { applyFraudAction } = await import("../fraud/fraud.actions.service");
    await applyFraudAction({
      money: t.app.money,
      clock,
      actor: { profileId: admin.id, role: "admin", address: null },
      memberId: m.id,
      action: "pause",
      reason: "Shared device under review",
    });
    expect(await kindsOf(m.id)).toEqual([
      { kind: "cashoutPaused", params: { reason: "Shared device under review" } },
    ]);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.profileId, m.id));
    expect(mails.map((x) => x.template)).toContain("cashoutPaused");
  });
});

describe("the inbox is the member's own", () => {
  it("another member can neither read nor mark it", async () => {
    const a = await member();
    const b = await member();
    await notifyDirect(a.id, "cashoutPaused", { reason: "Review" });
    const [item] = (await inbox(a)).items;
    expect(item).toBeDefined();
    const foreign = await b.c.request("POST", `/api/notifications/${item?.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("NOT_FOUND");
    await b.c.request("POST", "/api/notifications/read-all");
    expect(await unread(a)).toBe(1);
    expect((await inbox(b)).items).toEqual([]);

    const own = await a.c.request("POST", `/api/notifications/${item?.id}/read`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ unread: 0 });
    expect((await inbox(a)).items[0]?.readAt).not.toBeNull();
  });

  it("refuses the signed-out and malformed input", async () => {
    const a = await member();
    const anonymous = await t.app.inject({ method: "GET", url: "/api/notifications" });
    expect(anonymous.statusCode).toBe(401);
    expect((await a.c.request("POST", "/api/notifications/not-a-uuid/read")).statusCode).toBe(400);
    expect((await a.c.request("GET", "/api/notifications?kind=nonsense")).statusCode).toBe(400);
    expect((await a.c.request("GET", "/api/notifications?limit=500")).statusCode).toBe(400);
    const forged = Buffer.from("yesterday|x").toString("base64url");
    const bad = await a.c.request("GET", `/api/notifications?cursor=${forged}`);
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await a.c.request("PUT", "/api/notifications/preferences", {
          preferences: [{ kind: "nonsense", email: true, push: true }],
        })
      ).statusCode,
    ).toBe(400);
  });

  it("pages by keyset without gaps or repeats, by kind, and marks all read", async () => {
    const a = await member();
    for (let i = 0; i < 45; i++) {
      clock.advance(i % 3 === 0 ? 0 : 1000); // some share a timestamp: the id breaks the tie
      await notifyDirect(a.id, i % 5 === 0 ? "referralHeld" : "bonusGranted", {
        amount: String(i),
        username: `m${i}`,
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await inbox(a, `?limit=20${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(45);
    const all = await db()
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.memberId, a.id))
      .orderBy(sql`created_at desc, id desc`);
    expect(seen).toEqual(all.map((r) => r.id));

    const held = await inbox(a, "?kind=referralHeld");
    expect(held.items).toHaveLength(9);
    expect(held.items.every((i) => i.kind === "referralHeld")).toBe(true);

    const done = await a.c.request("POST", "/api/notifications/read-all");
    expect(done.json()).toEqual({ unread: 0 });
    expect((await inbox(a)).unread).toBe(0);
  });

  it("lists every kind's channels with the defaults until the member chooses", async () => {
    const a = await member();
    const res = await a.c.request("GET", "/api/notifications/preferences");
    expect(res.statusCode).toBe(200);
    const { preferences } = res.json() as {
      preferences: Array<{ kind: string; email: boolean; push: boolean }>;
    };
    expect(preferences.find((p) => p.kind === "transferReceived")).toEqual({
      kind: "transferReceived",
      email: true,
      push: true,
    });
    // The former "transactions" switch sets the e-mail of the kinds it covered.
    await a.c.request("PUT", "/api/me/notifications", {
      newSignIn: true,
      transactions: false,
      product: false,
    });
    const after = (await a.c.request("GET", "/api/notifications/preferences")).json() as {
      preferences: Array<{ kind: string; email: boolean; push: boolean }>;
    };
    expect(after.preferences.filter((p) => !p.email).map((p) => p.kind)).toEqual(
      expect.arrayContaining(["transferReceived", "offerSold"]),
    );
  });
});

describe("the daily prize reminder", () => {
  it("tells the members who asked, once per date, only in the minutes before 13:00 Los Angeles", async () => {
    const { notifyDailyPrizeOpening } = await import("./notifications.service");
    const asked = await member();
    const other = await member();
    await asked.c.request("PUT", "/api/notifications/preferences", {
      preferences: [{ kind: "dailyPrizeOpening", email: false, push: true }],
    });
    // 22 November 2026 (PST, UTC−8): 12:00 there is too early, 12:50 is in the window.
    clock.set("2026-11-22T20:00:00Z");
    expect(await notifyDailyPrizeOpening(db(), clock)).toBe(0);
    clock.set("2026-11-22T20:50:00Z");
    expect(await notifyDailyPrizeOpening(db(), clock)).toBe(1);
    clock.set("2026-11-22T20:51:00Z");
    expect(await notifyDailyPrizeOpening(db(), clock)).toBe(0);
    const [item] = (await inbox(asked, "?kind=dailyPrizeOpening")).items;
    expect(item?.params).toEqual({ minutes: "10", date: "2026-11-22" });
    expect((await inbox(other)).items).toEqual([]);
    // Open already: nothing.
    clock.set("2026-11-22T21:00:01Z");
    expect(await notifyDailyPrizeOpening(db(), clock)).toBe(0);
  });
});

describe("migration 0040", () => {
  it("turns the former transactions switch into the e-mail channel of the kinds it covered", async () => {
    const off = await member();
    const on = await member();
    await db().execute(
      sql`update profiles set email_prefs = '{"newSignIn": true, "transactions": false, "product": false}'
          where id = ${off.id}::uuid`,
    );
    await db().execute(
      sql`delete from notification_preferences where member_id in (${off.id}::uuid, ${on.id}::uuid)`,
    );
    // The migration's data step, as written in the file (its last statement).
    const file = readFileSync(
      fileURLToPath(new URL("../../db/migrations/0040_notifications.sql", import.meta.url)),
      "utf8",
    );
    const step = file.split("--> statement-breakpoint").at(-1) as string;
    await db().execute(
      sql.raw(step.replace("WHERE NOT", `WHERE p."id" in ('${off.id}', '${on.id}') AND NOT`)),
    );
    const prefs = async (m: Member) =>
      (
        (await m.c.request("GET", "/api/notifications/preferences")).json() as {
          preferences: Array<{ kind: string; email: boolean; push: boolean }>;
        }
      ).preferences.filter((p) => p.kind === "transferReceived" || p.kind === "offerSold");
    expect(await prefs(off)).toEqual([
      { kind: "offerSold", email: false, push: true },
      { kind: "transferReceived", email: false, push: true },
    ]);
    expect(await prefs(on)).toEqual([
      { kind: "offerSold", email: true, push: true },
      { kind: "transferReceived", email: true, push: true },
    ]);
  });
});

describe("the defaults are one", () => {
  it("vv_notification_defaults() equals NOTIFICATION_KINDS", async () => {
    const [row] = await queryRows<{ d: Record<string, { email: boolean; push: boolean }> }>(
      db(),
      sql`select vv_notification_defaults() as d`,
    );
    const shared = Object.fromEntries(
      Object.entries(NOTIFICATION_KINDS).map(([k, v]) => [k, { email: v.email, push: v.push }]),
    );
    expect(row?.d).toEqual(shared);
  });
});
