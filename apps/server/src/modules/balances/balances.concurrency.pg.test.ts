import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember, fund } from "../../../test/factories";

const suite = describe.skipIf(!pgUrl);

suite(`the balance stream on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  const db = () => t.database.db;

  beforeAll(async () => {
    const database = await createPostgresDatabase(40);
    t = await createTestApp({
      database,
      env: { BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234" },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
  });

  async function members(n: number, views: bigint, usdt: bigint) {
    return Promise.all(
      Array.from({ length: n }, () => createSignedInMember(t.app, { views, usdt })),
    );
  }

  it("pushes balance changes to an open stream through LISTEN/NOTIFY", async () => {
    const [watcher, sender] = await members(2, 0n, 0n);
    await fund(db(), sender!.profile.id, { views: 200n });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${address.port}/api/balances/stream`, {
      headers: { cookie: watcher!.c.cookie },
      signal: controller.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const reader = res.body!.getReader();
    const events: string[] = [];
    const read = (async () => {
      let text = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
        events.push(...text.split("\n\n").filter((e) => e.startsWith("event: balances")));
        text = text.slice(text.lastIndexOf("\n\n") + 2);
        if (events.some((e) => e.includes('"views":"150"'))) break;
      }
    })();
    await new Promise((r) => setTimeout(r, 100));
    await sender!.c.request("POST", "/api/transfers", {
      recipient: watcher!.profile.username,
      transferType: "VIEWS",
      amount: "150",
    });
    await Promise.race([read, new Promise((r) => setTimeout(r, 5_000))]);
    controller.abort();
    expect(events[0]).toContain('"views":"0"');
    expect(events.some((e) => e.includes('"views":"150"'))).toBe(true);
  });
});
