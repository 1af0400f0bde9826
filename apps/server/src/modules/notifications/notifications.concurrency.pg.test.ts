import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";

const suite = describe.skipIf(!pgUrl);
const clock = fixedClock("2026-11-22T21:00:00Z");

suite(`notifications under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      clock,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  it("a burst of 1,000 bonus grants to one member, read-all racing it: the bell stays exact", async () => {
    const m = await createSignedInMember(t.app);
    const unread = async () =>
      ((await m.c.request("GET", "/api/notifications/unread")).json() as { unread: number }).unread;
    // Every grant is its own transaction through vv_grant_bonus (the command `npm run
    // bonus:grant` runs); the member marks all read 20 times while they land.
    const grants = Array.from({ length: 1000 }, (_, i) =>
      db().execute(
        sql`select vv_grant_bonus(null, null, null, null, null, null, ${m.id}::uuid,
              ${String(1_000_000 + i)}::bigint, 'burst', now())`,
      ),
    );
    const reads: number[] = [];
    const readers = Array.from({ length: 20 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i * 15));
      const res = await m.c.request("POST", "/api/notifications/read-all");
      expect(res.statusCode).toBe(200);
      reads.push((res.json() as { unread: number }).unread);
    });
    await Promise.all([...grants, ...readers]);

    const [counts] = await queryRows<{ total: number; unread: number; bonuses: number }>(
      db(),
      sql`select (select count(*)::int from notifications where member_id = ${m.id}::uuid) as total,
                 (select count(*)::int from notifications
                   where member_id = ${m.id}::uuid and read_at is null) as unread,
                 (select count(*)::int from event_claims where user_id = ${m.id}::uuid) as bonuses`,
    );
    // One notification per committed grant, none lost, none doubled.
    expect(counts).toMatchObject({ total: 1000, bonuses: 1000 });
    expect(await unread()).toBe(counts?.unread);
    const page = (await m.c.request("GET", "/api/notifications?limit=50")).json() as {
      unread: number;
    };
    expect(page.unread).toBe(counts?.unread);
    expect((await m.c.request("POST", "/api/notifications/read-all")).json()).toEqual({
      unread: 0,
    });
    expect(await unread()).toBe(0);
    // Every grant after the last read-all is unread again, exactly.
    await Promise.all(
      Array.from({ length: 37 }, () =>
        db().execute(
          sql`select vv_grant_bonus(null, null, null, null, null, null, ${m.id}::uuid,
                1000000::bigint, 'again', now())`,
        ),
      ),
    );
    expect(await unread()).toBe(37);
  }, 120_000);

  it("tells the member's open stream (and only theirs) once the cause commits", async () => {
    const m = await createSignedInMember(t.app);
    const other = await createSignedInMember(t.app);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const open = async (cookie: string) => {
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/api/balances/stream`, {
        headers: { cookie },
        signal: controller.signal,
      });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      const state = { text: "" };
      // One reader fills the text; a wait only looks at it.
      void (async () => {
        for (;;) {
          const { value, done } = await reader
            .read()
            .catch(() => ({ value: undefined, done: true }));
          if (done) return;
          state.text += new TextDecoder().decode(value);
        }
      })();
      const until = async (needle: string, ms = 3_000) => {
        const end = Date.now() + ms;
        while (!state.text.includes(needle)) {
          if (Date.now() > end) return false;
          await new Promise((r) => setTimeout(r, 20));
        }
        return true;
      };
      return { until, state, close: () => controller.abort() };
    };
    const mine = await open(m.c.cookie);
    const theirs = await open(other.c.cookie);
    expect(await mine.until("event: balances")).toBe(true);
    expect(await theirs.until("event: balances")).toBe(true);
    // A cause that rolls back tells nobody.
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`select vv_grant_bonus(null, null, null, null, null, null, ${m.id}::uuid,
                1000000::bigint, 'rolled back', now())`,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await mine.until("event: notifications", 600)).toBe(false);
    await db().execute(
      sql`select vv_grant_bonus(null, null, null, null, null, null, ${m.id}::uuid,
            1000000::bigint, 'live', now())`,
    );
    expect(await mine.until("event: notifications")).toBe(true);
    expect(await theirs.until("event: notifications", 600)).toBe(false);
    mine.close();
    theirs.close();
  });
});
