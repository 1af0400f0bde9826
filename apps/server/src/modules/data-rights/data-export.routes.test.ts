import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerMember } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember, fund, USDT } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { UNKEYED_REFERENCES } from "../ledger/ledger-invariants.repository";
import { MEMBER_DATA, PROMISED_PARTS } from "./member-data.registry";

let t: TestApp;
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the member-data registry", () => {
  it("names every column that ties a row to a member (add a new member-owned table to it)", async () => {
    const inDatabase = await queryRows<{ name: string }>(
      db(),
      sql`select distinct kcu.table_name || '.' || kcu.column_name as name
          from information_schema.referential_constraints rc
          join information_schema.key_column_usage kcu
            on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = rc.unique_constraint_name and ccu.constraint_schema = rc.unique_constraint_schema
          where kcu.table_schema = 'public' and ccu.table_name in ('profiles', 'users') and ccu.column_name = 'id'
        union
        select table_name || '.' || column_name from information_schema.columns
          where table_schema = 'public' and (column_name = 'profile_id' or column_name like '%\\_profile\\_id')`,
    );
    const keyed = new Set(inDatabase.map((r) => r.name));
    // The hot path's member columns kept without a foreign key (ADR 039).
    for (const ref of UNKEYED_REFERENCES)
      if (ref.to === "profiles") keyed.add(`${ref.table}.${ref.column}`);
    keyed.add("profiles.id");
    keyed.add("users.id");
    const registered = new Set(MEMBER_DATA.map((m) => `${m.table}.${m.column}`));
    expect([...keyed].filter((name) => !registered.has(name)).sort()).toEqual([]);
    expect([...registered].filter((name) => !keyed.has(name)).sort()).toEqual([]);
  });
});

describe("what Settings promises the export holds", () => {
  it("exports every promised part", () => {
    const exported = new Set(
      MEMBER_DATA.filter((e) => e.export).map((e) => `${e.table}.${e.column}`),
    );
    exported.add("ledger_entries");
    for (const file of Object.values(PROMISED_PARTS)) expect(exported).toContain(file);
  });

  it("never leaves a promised part empty when the member has its data (the sign-up e-mail included)", async () => {
    // Signed up over HTTP: the confirmation e-mail is written around the profile's creation.
    const { c, me, user } = await registerMember(t.app, db());
    const id = me.profile.id;
    const other = await createSignedInMember(t.app, { views: 500n, usdt: USDT(200) });
    await fund(db(), id, { views: 1_000n, usdt: USDT(500) });
    // A referral, a transfer, a swap, an offer sold and one bought, a view request.
    await registerMember(t.app, db(), { referralId: me.profile.username }, "invited");
    const send = { recipient: other.profile.username, transferType: "USDT", amount: "100" };
    expect((await c.request("POST", "/api/transfers", send)).statusCode).toBe(200);
    const swap = { direction: "VIEWS_TO_USDT", amount: "150" };
    expect((await c.request("POST", "/api/swaps", swap)).statusCode).toBe(200);
    const offer = { viewsQuantity: "100", pricePerView: "0.1" };
    expect((await c.request("POST", "/api/marketplace/offers", offer)).statusCode).toBe(201);
    const theirs = await other.c.request("POST", "/api/marketplace/offers", offer);
    const bought = await c.request("POST", `/api/marketplace/offers/${theirs.json().offer.id}/buy`);
    expect(bought.statusCode, bought.body).toBe(200);
    expect((await c.request("POST", "/api/view-requests")).statusCode).toBe(201);
    // What a watch and the ranking job leave (their flows have suites of their own).
    await queryRows(
      db(),
      sql`insert into videos (user_id, title, youtube_url, youtube_id, country, theme, thumbnail_url)
          values (${id}, 'Mine', 'https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ', 'BR', 'music',
                  'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg')`,
    );
    await queryRows(
      db(),
      sql`insert into ads_sessions (user_id, video_id, ad_started_at)
          select ${id}, v.id, now() from videos v where v.user_id = ${id}`,
    );
    await queryRows(
      db(),
      sql`insert into ranking_entries (period, rank, profile_id, username, is_verified,
            earned_views, earned_usdt, referral_count)
          values ('all', 999999, ${id}, ${me.profile.username}, false, 1, 0, 1)`,
    );

    const res = await c.request("GET", "/api/me/export");
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const rows = (file: string) =>
      (JSON.parse(strFromU8(files[`${file}.json`] ?? new Uint8Array())) as unknown[]).length;
    const empty = Object.entries(PROMISED_PARTS)
      .filter(([, file]) => rows(file) === 0)
      .map(([part]) => part);
    expect(empty).toEqual([]);
    const mails = JSON.parse(strFromU8(files["mail_outbox.profile_id.json"] ?? new Uint8Array()));
    expect(mails.map((m: { kind: string }) => m.kind)).toContain("verify-email");
    expect(mails.every((m: { to: string }) => m.to === user.email)).toBe(true);
  });
});

describe("migration 0036: e-mails written before the link existed", () => {
  it("links unlinked outbox rows to the profile of their address, not the support inbox's copies", async () => {
    const m = await createSignedInMember(t.app);
    await queryRows(
      db(),
      sql`insert into mail_outbox ("to", kind, status, next_attempt_at) values
            (${m.user.email.toUpperCase()}, 'verify-email', 'sent', now()),
            (${m.user.email}, 'withdrawal-support', 'sent', now())`,
    );
    await queryRows(
      db(),
      sql`update mail_outbox set profile_id = null where "to" ilike ${m.user.email}`,
    );
    const file = new URL("../../db/migrations/0036_mail_outbox_profile_link.sql", import.meta.url);
    await queryRows(db(), sql.raw(readFileSync(file, "utf8")));
    const rows = await queryRows<{ kind: string; profile_id: string | null }>(
      db(),
      sql`select kind, profile_id from mail_outbox where "to" ilike ${m.user.email} order by kind`,
    );
    expect(rows).toEqual([
      { kind: "verify-email", profile_id: m.id },
      { kind: "withdrawal-support", profile_id: null },
    ]);
  });
});

describe("GET /api/me/export", () => {
  it("downloads every exported table's rows and the full ledger, without secrets", async () => {
    const m = await createSignedInMember(t.app, { views: 500n, usdt: USDT(200) });
    const other = await createSignedInMember(t.app);
    await m.c.request("POST", "/api/marketplace/offers", {
      viewsQuantity: "100",
      pricePerView: "0.1",
    });
    await m.c.request("POST", "/api/transfers", {
      recipient: other.profile.username,
      transferType: "USDT",
      amount: "100",
    });
    const res = await m.c.request("GET", "/api/me/export");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(
        `attachment; filename="viewvault-data-${m.profile.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"`,
      ),
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const text = (name: string) => {
      const file = files[name];
      if (!file) throw new Error(`${name} is not in the ZIP`);
      return strFromU8(file);
    };
    const json = (name: string) => JSON.parse(text(name)) as Record<string, unknown>[];
    const exported = MEMBER_DATA.filter((e) => e.export).map((e) => `${e.table}.${e.column}`);
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "ledger_entries.csv",
        "ledger_entries.json",
        ...exported.flatMap((s) => [`${s}.csv`, `${s}.json`]),
      ].sort(),
    );
    expect(text("README.txt")).toContain(m.id);
    expect(text("README.txt")).toContain("ledger_entries.csv");
    expect(json("profiles.id.json")[0]).toMatchObject({ id: m.id, username: m.profile.username });
    expect(json("market_offers.seller_id.json")).toHaveLength(1);
    expect(json("user_transfers.sender_id.json")).toHaveLength(1);
    expect(json("ledger_accounts.profile_id.json").length).toBeGreaterThanOrEqual(3);
    expect(json("accounts.user_id.json")[0]).not.toHaveProperty("password");
    expect(json("sessions.user_id.json")[0]).not.toHaveProperty("token");
    expect(text("sessions.user_id.csv").split("\n")[0]).not.toContain("token");
    expect(text("accounts.user_id.csv").split("\n")[0]).not.toContain("password");
    // An empty section still has its CSV header.
    expect(json("video_boosts.user_id.json")).toEqual([]);
    expect(text("video_boosts.user_id.csv")).toMatch(/^id,/);

    const ledger = json("ledger_entries.json");
    expect(ledger.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["adjustment", "market_list", "transfer"]),
    );
    expect(ledger.find((e) => e.kind === "transfer" && e.currency === "USDT")).toMatchObject({
      amount: "-100.000000",
    });
    const csv = text("ledger_entries.csv").trim().split("\n");
    expect(csv[0]).toBe(
      "id,transactionId,kind,memo,account,currency,amount,balanceAfter,counterpartyProfileId,createdAt",
    );
    expect(csv).toHaveLength(ledger.length + 1);
    expect(csv.some((line) => line.includes(",transfer,") && line.includes(",-100.000000,"))).toBe(
      true,
    );
    for (const name of Object.keys(files)) expect(text(name)).not.toContain(other.user.email);
  });

  it("neutralises a text cell a spreadsheet would run as a formula", async () => {
    const m = await createSignedInMember(t.app);
    await queryRows(
      db(),
      sql`update profiles set signup_user_agent = '=HYPERLINK("x")' where id = ${m.id}`,
    );
    const res = await m.c.request("GET", "/api/me/export");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const csv = strFromU8(files["profiles.id.csv"] ?? new Uint8Array());
    expect(csv).toContain(`'=HYPERLINK`);
    expect(strFromU8(files["profiles.id.json"] ?? new Uint8Array())).toContain(`"=HYPERLINK`);
  });

  it("needs a signed-in member", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/me/export" })).statusCode).toBe(401);
  });
});
