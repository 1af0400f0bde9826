import { BOOST, FEED_REPORT_CODE, VIDEO } from "@viewvault/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { adsSessions, videos, videoUnplayableReports, watchDaily } from "../../db/schema";
import { fixedClock } from "../../lib/clock";

// "the feed knows me": most watched first by keyset, the member's earned marks and
// today's count against the cap, and "report this video" from a feed card.
let t: TestApp;
const clock = fixedClock("2026-11-20T12:00:00Z");
const db = () => t.database.db;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

let n = 0;
async function video(ownerId: string, watchedCount: number, createdAt: Date) {
  n++;
  const youtubeId = `vid${String(n).padStart(8, "0")}`;
  const [row] = await db()
    .insert(videos)
    .values({
      userId: ownerId,
      title: `Video ${n} (${watchedCount} views)`,
      youtubeUrl: `https://www.youtube.com/watch?v=${youtubeId}`,
      youtubeId,
      country: "BR",
      theme: "Music",
      thumbnailUrl: `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`,
      watchedCount,
      createdAt,
    })
    .returning({ id: videos.id });
  return row!.id;
}

describe("the feed's order", () => {
  it("pages most watched first by keyset: every video once, ties by id, newest first by default", async () => {
    const owner = await createSignedInMember(t.app);
    const counts = [5, 9, 9, 0, 3, 9, 12, 1, 5, 7, 2];
    const ids: Array<{ id: string; watched: number; created: number }> = [];
    for (const [i, c] of counts.entries()) {
      const created = clock.now().getTime() - (i + 1) * HOUR;
      ids.push({ id: await video(owner.id, c, new Date(created)), watched: c, created });
    }
    const expected = [...ids]
      .sort((a, b) => b.watched - a.watched || (a.id < b.id ? 1 : -1))
      .map((v) => v.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/api/videos?sort=watched&limit=4${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await t.app.inject({ method: "GET", url: query });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      seen.push(...page.videos.map((v: { id: string }) => v.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);

    const newest = (await t.app.inject({ method: "GET", url: "/api/videos?limit=60" })).json();
    expect(newest.videos.map((v: { id: string }) => v.id)).toEqual(
      [...ids].sort((a, b) => b.created - a.created).map((v) => v.id),
    );
    // A cursor of the other order is refused, not misread.
    const micros = `${clock.now().getTime() * 1000}_${ids[0]!.id}`;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/videos?sort=watched&cursor=${micros}` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/videos?cursor=w5_${ids[0]!.id}` }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/videos?sort=popular" })).statusCode,
    ).toBe(400);
  });
});

describe("what the feed knows of me", () => {
  it("marks the videos that paid me in the rewatch window and counts today's sessions against the cap", async () => {
    const owner = await createSignedInMember(t.app);
    const me = await createSignedInMember(t.app);
    const now = clock.now().getTime();
    const recent = await video(owner.id, 1, new Date(now - 50 * HOUR));
    const old = await video(owner.id, 1, new Date(now - 50 * HOUR));
    const notCredited = await video(owner.id, 0, new Date(now - 50 * HOUR));
    const session = (videoId: string, completedAgoMs: number, credited: boolean) => ({
      userId: me.id,
      videoId,
      status: "COMPLETED" as const,
      adStartedAt: new Date(now - completedAgoMs - 60_000),
      contentStartedAt: new Date(now - completedAgoMs - 30_000),
      contentCompletedAt: new Date(now - completedAgoMs),
      credited,
    });
    await db()
      .insert(adsSessions)
      .values([
        session(recent, 2 * HOUR, true),
        session(old, (VIDEO.rewatchWindowHours + 1) * HOUR, true),
        session(notCredited, HOUR, false),
      ]);
    await db().insert(watchDaily).values({ userId: me.id, day: "2026-11-20", credited: 37 });

    const res = await me.c.request("GET", "/api/watch/today");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      day: "2026-11-20",
      credited: 37,
      cap: VIDEO.dailyWatchCap,
      earned: [
        {
          videoId: recent,
          earnedAt: new Date(now - 2 * HOUR).toISOString(),
          againAt: new Date(now - 2 * HOUR + VIDEO.rewatchWindowHours * HOUR).toISOString(),
        },
      ],
      unplayable: [],
    });
    // Another member's day is their own.
    expect((await owner.c.request("GET", "/api/watch/today")).json()).toMatchObject({
      credited: 0,
      earned: [],
    });
    // Visitors have no day.
    expect((await t.app.inject({ method: "GET", url: "/api/watch/today" })).statusCode).toBe(401);
  });

  it("reports a video from its feed card into the unplayable-video reports, once per member", async () => {
    const owner = await createSignedInMember(t.app);
    const me = await createSignedInMember(t.app);
    const id = await video(owner.id, 0, new Date(clock.now().getTime() - HOUR));
    const report = (c: typeof me.c) =>
      c.request("POST", `/api/videos/${id}/unplayable-reports`, { errorCode: FEED_REPORT_CODE });
    expect((await report(me.c)).json()).toEqual({ hidden: false });
    expect((await report(me.c)).json()).toEqual({ hidden: false });
    const rows = await db()
      .select()
      .from(videoUnplayableReports)
      .where(eq(videoUnplayableReports.videoId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: me.id, errorCode: FEED_REPORT_CODE });
    // The owner cannot report their own video.
    expect((await report(owner.c)).json().code).toBe("OWN_VIDEO");
  });
});

// Last: it moves the clock a day on.
describe("paging while others watch and boost", () => {
  it("reads the feed as the first page saw it: no video twice, none skipped", async () => {
    const owner = await createSignedInMember(t.app, { views: 1_000n });
    const watcher = await createSignedInMember(t.app);
    // A country of their own, so the other tests' videos stay out of these pages.
    const country = "JP";
    const make = async (watched: number, i: number) => {
      const id = await video(owner.id, watched, new Date(clock.now().getTime() - (i + 1) * HOUR));
      await db().update(videos).set({ country }).where(eq(videos.id, id));
      return id;
    };
    const counts = [50, 40, 30, 20, 10, 9, 8, 7, 6, 5];
    const ids: string[] = [];
    for (const [i, c] of counts.entries()) ids.push(await make(c, i));
    const watch = async (videoId: string, times: number) => {
      const now = clock.now().getTime();
      await db()
        .insert(adsSessions)
        .values(
          Array.from({ length: times }, () => ({
            userId: watcher.id,
            videoId,
            status: "COMPLETED" as const,
            adStartedAt: new Date(now - 60_000),
            contentStartedAt: new Date(now - 30_000),
            contentCompletedAt: new Date(now),
            credited: true,
          })),
        );
      const [row] = await db().select().from(videos).where(eq(videos.id, videoId));
      await db()
        .update(videos)
        .set({ watchedCount: (row?.watchedCount ?? 0) + times })
        .where(eq(videos.id, videoId));
    };
    const boost = async (videoId: string) => {
      const res = await owner.c.request("POST", `/api/videos/${videoId}/boost`);
      expect(res.statusCode, res.body).toBe(200);
    };
    const page = async (sort: string, cursor: string | null) => {
      const res = await t.app.inject({
        method: "GET",
        url: `/api/videos?country=${country}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ""}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { videos: { id: string }[]; nextCursor: string | null };
    };

    // Most watched: after the first page, a video below the cursor is watched past it (it would be
    // skipped), and one of the first page is watched more (it must not come back).
    let first = await page("watched", null);
    expect(first.videos.map((v) => v.id)).toEqual(ids.slice(0, 3));
    clock.advance(1_000);
    await watch(ids[6] as string, 40); // 8 → 48, above the cursor's 30
    await watch(ids[0] as string, 5);
    const seen = first.videos.map((v) => v.id);
    let cursor = first.nextCursor;
    while (cursor) {
      clock.advance(1_000);
      const next = await page("watched", cursor);
      seen.push(...next.videos.map((v) => v.id));
      cursor = next.nextCursor;
    }
    expect(seen).toEqual(ids);

    // A new paging sees today's counts.
    first = await page("watched", null);
    expect(first.videos.map((v) => v.id)).toEqual([ids[0], ids[6], ids[1]]);

    // Newest first: a boost that starts while someone pages does not hide the video from them,
    // and one that ends does not show it twice.
    await boost(ids[1] as string);
    clock.advance(1_000);
    const newest = await page("newest", null);
    const shown = newest.videos.map((v) => v.id);
    expect(shown).not.toContain(ids[1]);
    clock.advance((BOOST.hours + 1) * HOUR); // ids[1]'s boost is over
    await boost(ids[8] as string);
    cursor = newest.nextCursor;
    while (cursor) {
      clock.advance(1_000);
      const next = await page("newest", cursor);
      shown.push(...next.videos.map((v) => v.id));
      cursor = next.nextCursor;
    }
    expect(shown).toEqual(ids.filter((id) => id !== ids[1]));
  });
});
