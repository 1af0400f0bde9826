import { createHash } from "node:crypto";
import { BOX_ITEMS, rollBox } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { verifyLedger } from "../ledger/verify-ledger";
import { nodeFairness } from "./box.service";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
  });
});
afterAll(() => t.close());
afterEach(async () => {
  const report = await verifyLedger(t.database.db);
  expect(report.problems).toEqual([]);
});

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe("mystery box", () => {
  it("commits a seed hash, opens for 100 views, reveals the seed and commits the next", async () => {
    const { c } = await createSignedInMember(t.app, { views: 250n });
    const state = (await c.request("GET", "/api/box")).json();
    expect(state.costViews).toBe("100");
    expect(state.commitment.nonce).toBe(0);
    expect(state.commitment.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);

    const seeded = await c.request("PUT", "/api/box/client-seed", { clientSeed: "my-seed_1" });
    expect(seeded.statusCode).toBe(200);
    expect(seeded.json().commitment).toEqual({ ...state.commitment, clientSeed: "my-seed_1" });

    const res = await c.request("POST", "/api/box/open", undefined, {
      "idempotency-key": "box-open-0001",
    });
    expect(res.statusCode).toBe(200);
    const { opening, next, balances } = res.json();
    expect(balances.views).toBe("150");
    // The revealed seed is the one committed before, and the roll is the shared algorithm's.
    expect(opening.serverSeedHash).toBe(state.commitment.serverSeedHash);
    expect(sha256(opening.serverSeed)).toBe(state.commitment.serverSeedHash);
    expect(opening).toMatchObject({ clientSeed: "my-seed_1", nonce: 0, costViews: "100" });
    const roll = await rollBox(nodeFairness, opening);
    expect(opening).toMatchObject({ itemId: roll.itemId, rarity: roll.rarity });
    expect(BOX_ITEMS.map((i) => i.id)).toContain(opening.itemId);
    // The next opening's seed is new and committed.
    expect(next).toMatchObject({ clientSeed: "my-seed_1", nonce: 1 });
    expect(next.serverSeedHash).not.toBe(state.commitment.serverSeedHash);
    expect((await c.request("GET", "/api/box")).json().commitment).toEqual(next);

    // A replay of the same intent returns the first answer and charges nothing.
    const replay = await c.request("POST", "/api/box/open", undefined, {
      "idempotency-key": "box-open-0001",
    });
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().opening.id).toBe(opening.id);
    expect((await c.request("GET", "/api/balances")).json().views).toBe("150");

    const history = (await c.request("GET", "/api/box/openings")).json().openings;
    expect(history).toHaveLength(1);
    expect(history[0]).toEqual(opening);
  });

  it("opens on the database's commitment when another instance moved it", async () => {
    const { c, me } = await createSignedInMember(t.app, { views: 300n });
    expect((await c.request("POST", "/api/box/open")).statusCode).toBe(200);
    // Another instance (or a direct change) rotated the seed this process remembers.
    const seed = "cd".repeat(32);
    await t.database.db.execute(
      sql`update box_commitments set server_seed = ${seed}, server_seed_hash = ${sha256(seed)}
          where profile_id = ${me.profile.id}`,
    );
    const res = await c.request("POST", "/api/box/open");
    expect(res.statusCode).toBe(200);
    const { opening } = res.json();
    expect(opening.serverSeed).toBe(seed);
    expect(opening.nonce).toBe(1);
    const roll = await rollBox(nodeFairness, opening);
    expect(opening.itemId).toBe(roll.itemId);
  });

  it("refuses with the seed's message below 100 views, in both languages", async () => {
    const { c } = await createSignedInMember(t.app, { views: 99n });
    const res = await c.request("POST", "/api/box/open");
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      params: { context: "box", cost: "100" },
      message: "You need 100 views to open a mystery box",
    });
    await c.request("PATCH", "/api/me/profile", { locale: "pt-BR" });
    const pt = await c.request("POST", "/api/box/open");
    expect(pt.json().message).toBe("Você precisa de 100 views para abrir uma caixa misteriosa");
    // Nothing moved and the commitment was not used.
    expect((await c.request("GET", "/api/box")).json().commitment.nonce).toBe(0);
  });

  it("validates the client seed and needs a member", async () => {
    const { c } = await createSignedInMember(t.app, { views: 0n });
    for (const clientSeed of ["", "has space", "x".repeat(65), "a:b"]) {
      const res = await c.request("PUT", "/api/box/client-seed", { clientSeed });
      expect(res.statusCode).toBe(400);
    }
    const anonymous = await t.app.inject({ method: "POST", url: "/api/box/open" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("shows a member's collection with counts on their public profile", async () => {
    const { c, me } = await createSignedInMember(t.app, { views: 500n });
    const opened: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await c.request("POST", "/api/box/open");
      expect(res.statusCode).toBe(200);
      opened.push(res.json().opening.itemId);
    }
    const res = await t.app.inject({
      method: "GET",
      url: `/api/profiles/${me.profile.username}/collection`,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Array<{ itemId: string; count: number }>;
    expect(items.reduce((sum, i) => sum + i.count, 0)).toBe(3);
    for (const id of opened) expect(items.some((i) => i.itemId === id)).toBe(true);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/profiles/nobody-here/collection",
    });
    expect(missing.statusCode).toBe(404);
  });
});
