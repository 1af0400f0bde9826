import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { attendSession } from "../../../test/watch";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const suite = describe.skipIf(!pgUrl);

suite(`watch sessions under concurrency on PostgreSQL (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let t: TestApp;
  let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
  const clock = fixedClock("2026-11-21T12:00:00.000Z");
  const db = () => t.database.db;

  beforeAll(async () => {
    oembed = await startOembedStandIn({ dQw4w9WgXcQ: "Never Gonna Give You Up" });
    const database = await createPostgresDatabase(60);
    t = await createTestApp({
      database,
      clock,
      env: {
        BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-1234",
        OEMBED_URL: oembed.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await t.database.close();
    await oembed.close();
  });

  async function members(n: number, views: bigint) {
    return Promise.all(Array.from({ length: n }, () => createSignedInMember(t.app, { views })));
  }

  /** Earnings are credited on hold (ADR 047): "available+held". */
  const withHeld = async (c: Client) => {
    const b = (await c.request("GET", "/api/balances")).json();
    return `${b.views}+${b.heldViews}`;
  };

  it("50 concurrent completions of one session credit once", async () => {
    const [owner, watcher] = await members(2, 10n);
    if (!owner || !watcher) throw new Error("members");
    const posted = await owner.c.request("POST", "/api/videos", {
      url: "https://youtu.be/dQw4w9WgXcQ",
      country: "BR",
      theme: "Music",
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const videoId = posted.json().video.id;
    const session = (await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).json();
    // Heartbeats attest the ad and the content; the challenge is solved once (ADR 046).
    const solution = await attendSession(watcher.c, clock, session.id);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, { solution }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    // The others find the challenge spent (and the session completed).
    expect(results.filter((r) => r.json().code === "CHALLENGE_FAILED")).toHaveLength(49);
    expect(await withHeld(watcher.c)).toBe("10+1");
    expect(await withHeld(owner.c)).toBe("9+1");
    expect((await watcher.c.request("GET", `/api/videos/${videoId}`)).json().watchedCount).toBe(1);
    expect((await verifyLedger(db())).problems).toEqual([]);
  });
});
