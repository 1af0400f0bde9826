import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, memberFactory } from "../../../test/factories";
import { attendSession } from "../../../test/watch";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { readBalances } from "../ledger/ledger.repository";
import { setMemberSuspended } from "./suspension.service";

let adminId: string;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const t = useTestApp({
  clock,
  oembed: { titles: { sUsPeNdEd01: "A suspended creator's video" } },
  verifyLedger: true,
});
const db = () => t.database.db;

beforeAll(async () => {
  adminId = (await memberFactory.create({ role: "admin" }, { transient: { db: db() } })).profile.id;
});

function member(views = 0n) {
  return createSignedInMember(t.app, { views });
}
const suspend = (id: string) =>
  setMemberSuspended({
    db: db(),
    clock,
    actorProfileId: adminId,
    targetProfileId: id,
    suspended: true,
  });
const views = async (c: Client) => (await c.request("GET", "/api/balances")).json().views;

describe("a suspended member earns nothing", () => {
  it("has their waiting view request cancelled and refunded, and is never matched", async () => {
    const a = await member(5n);
    const waiting = await a.c.request("POST", "/api/view-requests");
    expect(waiting.json().matched).toBe(false);
    expect(await views(a.c)).toBe("4");
    await suspend(a.id);

    const b = await member(5n);
    const res = await b.c.request("POST", "/api/view-requests");
    expect(res.statusCode).toBe(201);
    expect(res.json().matched).toBe(false);
    expect(await views(b.c)).toBe("4");

    expect((await readBalances(db(), a.id)).views).toBe(5n);
    const rows = await queryRows<{ status: string }>(
      db(),
      sql`select status from view_requests where requester_id = ${a.id}`,
    );
    expect(rows.map((r) => r.status)).toEqual(["CANCELLED"]);
  });

  it("gets no creator credit, and their videos leave the feed", async () => {
    const creator = await member(10n);
    const posted = await creator.c.request("POST", "/api/videos", {
      url: "https://youtu.be/sUsPeNdEd01",
      country: "BR",
      theme: "Music",
    });
    expect(posted.statusCode).toBe(201);
    const videoId = posted.json().video.id as string;
    const watcher = await member();
    const session = (await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).json();
    const solution = await attendSession(watcher.c, clock, session.id);
    await suspend(creator.id);
    const done = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, {
      solution,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().balances).toMatchObject({ views: "0", heldViews: "1" });
    expect(await readBalances(db(), creator.id)).toMatchObject({ views: 9n, heldViews: 0n });

    const feed = (await watcher.c.request("GET", "/api/videos")).json();
    expect(feed.videos.map((v: { id: string }) => v.id)).not.toContain(videoId);
    expect((await watcher.c.request("GET", `/api/videos/${videoId}`)).statusCode).toBe(404);
  });
});
