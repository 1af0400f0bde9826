import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/client";
import { MEMBER_DATA } from "../src/modules/data-rights/member-data.registry";
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
    expect(res.headers["content-disposition"]).toMatch(
      new RegExp(
        `attachment; filename="viewvault-data-${m.profile.username}-\\d{4}-\\d{2}-\\d{2}\\.json"`,
      ),
    );
    const body = res.json() as {
      profileId: string;
      tables: Record<string, Record<string, unknown>[]>;
      ledgerEntries: { kind: string }[];
    };
    expect(body.profileId).toBe(m.id);
    for (const entry of MEMBER_DATA.filter((e) => e.export)) {
      expect(body.tables, `${entry.table}.${entry.column}`).toHaveProperty(
        `${entry.table}.${entry.column}`,
      );
    }
    expect(body.tables["profiles.id"]?.[0]).toMatchObject({
      id: m.id,
      username: m.profile.username,
    });
    expect(body.tables["market_offers.seller_id"]).toHaveLength(1);
    expect(body.tables["user_transfers.sender_id"]).toHaveLength(1);
    expect(body.tables["ledger_accounts.profile_id"]?.length).toBeGreaterThanOrEqual(3);
    expect(body.tables["accounts.user_id"]?.[0]).not.toHaveProperty("password");
    expect(body.tables["sessions.user_id"]?.[0]).not.toHaveProperty("token");
    expect(body.ledgerEntries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["adjustment", "market_list", "transfer"]),
    );
    expect(JSON.stringify(body)).not.toContain(other.user.email);
  });

  it("needs a signed-in member", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/me/export" })).statusCode).toBe(401);
  });
});
