import { sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { MEMBER_DATA } from "../src/modules/data-rights/member-data.registry";
import { UNKEYED_REFERENCES } from "../src/modules/ledger/ledger-invariants.repository";
import { createTestApp, type TestApp } from "./app";
import { createSignedInMember, USDT } from "./factories";

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
