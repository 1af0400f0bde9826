import { CHALLENGE, HOLD } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { attending, attendStep, sendHeartbeat, solve, watchToEnd } from "../../../test/watch";
import { loadEnv } from "../../config/env";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

const SECRET = "test-secret-test-secret-test-secret-1234";
const TITLES: Record<string, string> = {
  dQw4w9WgXcQ: "Rick Astley - Never Gonna Give You Up",
  jNQXAC9IVRw: "Me at the zoo",
  "9bZkp7q19f0": "PSY - GANGNAM STYLE",
  kJQP7kiw5Fk: "Luis Fonsi - Despacito ft. Daddy Yankee",
  "3JZ_D3ELwOQ": "Shorts title",
  M7lc1UVf_VE: "Embed title",
  slowSlowSlo: "Too slow",
};
const ids = Object.keys(TITLES);

let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const db = () => t.database.db;

beforeAll(async () => {
  oembed = await startOembedStandIn(TITLES, { slow: ["slowSlowSlo"], slowMs: 1_500 });
  t = await createTestApp({
    clock,
    env: { BETTER_AUTH_SECRET: SECRET, OEMBED_URL: oembed.url, OEMBED_TIMEOUT_MS: "300" },
  });
});
afterAll(async () => {
  await t.close();
  await oembed.close();
});
afterEach(async () => {
  const report = await verifyLedger(db());
  expect(report.problems).toEqual([]);
});

function member(views = 0n) {
  return createSignedInMember(t.app, { views });
}

async function views(c: Client): Promise<string> {
  return (await c.request("GET", "/api/balances")).json().views;
}

let nextId = 0;
/** A YouTube id the stand-in knows, with a fresh title. */
function freshVideoId(): string {
  nextId++;
  const id = `vid${String(nextId).padStart(8, "0")}`;
  TITLES[id] = `Stand-in video ${nextId}`;
  return id;
}

async function post(c: Client, youtubeId: string, country = "BR", theme = "Music") {
  return c.request("POST", "/api/videos", {
    url: `https://www.youtube.com/watch?v=${youtubeId}`,
    country,
    theme,
  });
}

describe("add video", () => {
  it("runs the seeds' six checks in the seeds' order with their messages", async () => {
    const { c } = await member(0n);
    const cases: Array<[Record<string, string>, number, string]> = [
      [{ url: "", country: "", theme: "" }, 400, "Please enter a YouTube URL"],
      [
        { url: "https://vimeo.com/1234", country: "", theme: "" },
        400,
        "Please enter a valid YouTube URL",
      ],
      [
        { url: "https://youtu.be/AAAAAAAAAAA", country: "", theme: "" },
        422,
        "Could not extract video title. Please check the YouTube URL",
      ],
      [
        { url: "https://youtu.be/dQw4w9WgXcQ", country: "", theme: "" },
        400,
        "Please select a country",
      ],
      [
        { url: "https://youtu.be/dQw4w9WgXcQ", country: "BR", theme: "" },
        400,
        "Please select a theme",
      ],
      [
        { url: "https://youtu.be/dQw4w9WgXcQ", country: "BR", theme: "Music" },
        422,
        "You need at least 1 view to post a video",
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await c.request("POST", "/api/videos", body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await views(c)).toBe("0");
  });

  it("accepts watch?v=, youtu.be, shorts and embed URLs, stores the canonical id and charges 1 view", async () => {
    const { c, id } = await member(10n);
    const forms = [
      "https://www.youtube.com/watch?v=9bZkp7q19f0&t=42s",
      "youtu.be/kJQP7kiw5Fk?si=abc",
      "https://www.youtube.com/shorts/3JZ_D3ELwOQ",
      "https://www.youtube.com/embed/M7lc1UVf_VE",
    ];
    const expected = ["9bZkp7q19f0", "kJQP7kiw5Fk", "3JZ_D3ELwOQ", "M7lc1UVf_VE"];
    for (const [i, url] of forms.entries()) {
      const res = await c.request("POST", "/api/videos", { url, country: "US", theme: "Music" });
      expect(res.statusCode, res.body).toBe(201);
      const video = res.json().video;
      expect(video).toMatchObject({
        youtubeId: expected[i],
        youtubeUrl: `https://www.youtube.com/watch?v=${expected[i]}`,
        title: TITLES[expected[i] as string],
        thumbnailUrl: `https://i.ytimg.com/vi/${expected[i]}/hqdefault.jpg`,
        ownerId: id,
        watchedCount: 0,
        boostedUntil: null,
      });
      expect(res.json().balances.views).toBe(String(10 - i - 1));
    }
    // The same YouTube video again, in another URL form: refused, nothing charged.
    const again = await c.request("POST", "/api/videos", {
      url: "https://youtu.be/9bZkp7q19f0",
      country: "BR",
      theme: "Music",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "VIDEO_ALREADY_LISTED",
      message: "You have already added this video",
    });
    expect(await views(c)).toBe("6");
    // Another member may list the same YouTube video.
    const other = await member(1n);
    expect(
      (
        await other.c.request("POST", "/api/videos", {
          url: forms[0],
          country: "BR",
          theme: "Music",
        })
      ).statusCode,
    ).toBe(201);
  });

  it("previews the title fetched by the server, caches it, and times out slow lookups", async () => {
    const { c } = await member(0n);
    const before = oembed.requests.filter((r) => r === "jNQXAC9IVRw").length;
    for (let i = 0; i < 3; i++) {
      const res = await c.request(
        "GET",
        `/api/videos/preview?url=${encodeURIComponent("https://youtu.be/jNQXAC9IVRw")}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        youtubeId: "jNQXAC9IVRw",
        youtubeUrl: "https://www.youtube.com/watch?v=jNQXAC9IVRw",
        title: "Me at the zoo",
        thumbnailUrl: "https://i.ytimg.com/vi/jNQXAC9IVRw/hqdefault.jpg",
      });
    }
    expect(oembed.requests.filter((r) => r === "jNQXAC9IVRw").length - before).toBe(1);
    const slow = await c.request(
      "GET",
      `/api/videos/preview?url=${encodeURIComponent("https://youtu.be/slowSlowSlo")}`,
    );
    expect(slow.statusCode).toBe(422);
    expect(slow.json().code).toBe("VIDEO_TITLE_UNAVAILABLE");
    const anonymous = await client(t.app).request("GET", "/api/videos/preview?url=x");
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await client(t.app).request("POST", "/api/videos", { url: "", country: "", theme: "" }))
        .statusCode,
    ).toBe(401);
  });
});

describe("feed", () => {
  it("pages newest first by cursor, filters by country and theme, and puts active boosts first", async () => {
    const owner = await member(1_000n);
    const posted: string[] = [];
    const countries = ["JP", "JP", "KR", "JP", "KR"];
    const themes = ["Gaming", "Food", "Gaming", "Gaming", "Food"];
    for (let i = 0; i < 5; i++) {
      clock.advance(1_000);
      const res = await post(owner.c, freshVideoId(), countries[i], themes[i]);
      expect(res.statusCode).toBe(201);
      posted.push(res.json().video.id);
    }
    const anonymous = client(t.app);
    // Page through the JP videos two at a time.
    const first = await anonymous.request("GET", "/api/videos?country=JP&limit=2");
    expect(first.statusCode).toBe(200);
    expect(first.json().videos.map((v: { id: string }) => v.id)).toEqual([posted[3], posted[1]]);
    const second = await anonymous.request(
      "GET",
      `/api/videos?country=JP&limit=2&cursor=${first.json().nextCursor}`,
    );
    expect(second.json().videos.map((v: { id: string }) => v.id)).toEqual([posted[0]]);
    expect(second.json().nextCursor).toBeNull();
    const both = await anonymous.request("GET", "/api/videos?country=KR&theme=Food");
    expect(both.json().videos.map((v: { id: string }) => v.id)).toEqual([posted[4]]);
    const gaming = await anonymous.request("GET", "/api/videos?theme=Gaming&country=ALL");
    expect(gaming.json().videos.map((v: { id: string }) => v.id)).toEqual([
      posted[3],
      posted[2],
      posted[0],
    ]);
    expect((await anonymous.request("GET", "/api/videos?cursor=nope")).statusCode).toBe(400);
    expect((await anonymous.request("GET", "/api/videos?country=XX")).statusCode).toBe(400);

    // Boost the oldest JP video: it comes first, with its end, and leaves the dated list.
    const boost = await owner.c.request("POST", `/api/videos/${posted[0]}/boost`);
    expect(boost.statusCode, boost.body).toBe(200);
    const feed = (await anonymous.request("GET", "/api/videos?country=JP")).json();
    expect(feed.boosted.map((v: { id: string }) => v.id)).toEqual([posted[0]]);
    expect(feed.boosted[0].boostedUntil).toBe(
      new Date(clock.now().getTime() + 24 * 3_600_000).toISOString(),
    );
    expect(feed.videos.map((v: { id: string }) => v.id)).toEqual([posted[3], posted[1]]);
    expect(feed.serverTime).toBe(clock.now().toISOString());
    // A later page has no boosted block; a filter that excludes it leaves it out.
    expect((await anonymous.request("GET", "/api/videos?country=KR")).json().boosted).toEqual([]);

    // 24 hours later the boost is over: back in its dated place.
    clock.advance(24 * 3_600_000 + 1);
    const later = (await anonymous.request("GET", "/api/videos?country=JP")).json();
    expect(later.boosted).toEqual([]);
    expect(
      later.videos.map((v: { id: string; boostedUntil: string | null }) => [v.id, v.boostedUntil]),
    ).toEqual([
      [posted[3], null],
      [posted[1], null],
      [posted[0], null],
    ]);
    const one = await anonymous.request("GET", `/api/videos/${posted[0]}`);
    expect(one.json()).toMatchObject({ id: posted[0], ownerUsername: owner.user.username });
    const missing = await anonymous.request(
      "GET",
      "/api/videos/00000000-0000-4000-8000-000000000000",
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Video Not Found");
    expect((await anonymous.request("GET", "/api/videos/not-a-uuid")).statusCode).toBe(404);
  });
});

describe("boosts", () => {
  it("costs 100 views for 24 h, only for the owner; a second boost extends by 24 h", async () => {
    const owner = await member(301n);
    const videoId = (await post(owner.c, freshVideoId())).json().video.id;
    const stranger = await member(500n);
    const notOwner = await stranger.c.request("POST", `/api/videos/${videoId}/boost`);
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe("Only the owner can boost this video.");

    const start = clock.now().getTime();
    const first = await owner.c.request("POST", `/api/videos/${videoId}/boost`);
    expect(first.json().boost).toMatchObject({
      startsAt: new Date(start).toISOString(),
      expiresAt: new Date(start + 24 * 3_600_000).toISOString(),
      costViews: "100",
      extended: false,
    });
    expect(first.json().balances.views).toBe("200");
    clock.advance(3_600_000);
    const second = await owner.c.request("POST", `/api/videos/${videoId}/boost`);
    expect(second.json().boost).toMatchObject({
      startsAt: new Date(start + 24 * 3_600_000).toISOString(),
      expiresAt: new Date(start + 48 * 3_600_000).toISOString(),
      extended: true,
    });
    expect(second.json().video.boostedUntil).toBe(new Date(start + 48 * 3_600_000).toISOString());
    const broke = await owner.c.request("POST", `/api/videos/${videoId}/boost`);
    expect(broke.statusCode).toBe(200);
    const none = await owner.c.request("POST", `/api/videos/${videoId}/boost`);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "You need at least 100 views to boost a video",
    });
    expect(await views(owner.c)).toBe("0");
    expect(
      (await owner.c.request("POST", "/api/videos/00000000-0000-4000-8000-000000000000/boost"))
        .statusCode,
    ).toBe(404);
    clock.advance(80 * 3_600_000);
  });

  it("refuses an Idempotency-Key reused on another video: the path is part of the request", async () => {
    const owner = await member(302n);
    const first = (await post(owner.c, freshVideoId())).json().video.id as string;
    const second = (await post(owner.c, freshVideoId())).json().video.id as string;
    const key = { "idempotency-key": "boost-key-0001" };
    const one = await owner.c.request("POST", `/api/videos/${first}/boost`, undefined, key);
    expect(one.statusCode).toBe(200);
    const replay = await owner.c.request("POST", `/api/videos/${first}/boost`, undefined, key);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.body).toBe(one.body);
    const other = await owner.c.request("POST", `/api/videos/${second}/boost`, undefined, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(other.headers["idempotent-replayed"]).toBeUndefined();
    // Only the first video is boosted, once.
    const feed = (await owner.c.request("GET", "/api/videos")).json();
    expect(feed.boosted.map((v: { id: string }) => v.id)).toContain(first);
    expect(feed.boosted.map((v: { id: string }) => v.id)).not.toContain(second);
    expect(await views(owner.c)).toBe("200");
    clock.advance(30 * 3_600_000);
  });
});

describe("watch sessions", () => {
  async function video(ownerViews = 10n) {
    const owner = await member(ownerViews);
    const res = await post(owner.c, freshVideoId());
    expect(res.statusCode).toBe(201);
    return { owner, videoId: res.json().video.id as string };
  }

  it("times the ad and the content by the server's clock and credits watcher and creator once", async () => {
    const { owner, videoId } = await video();
    const watcher = await member(0n);
    const own = await owner.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toMatchObject({
      code: "OWN_VIDEO",
      message: "You cannot earn views from your own video",
    });
    const missing = await watcher.c.request(
      "POST",
      "/api/videos/00000000-0000-4000-8000-000000000000/sessions",
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Video Not Found");

    const start = await watcher.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect(start.statusCode).toBe(201);
    const session = start.json();
    expect(session).toMatchObject({
      status: "AD",
      adSeconds: 30,
      contentSeconds: 30,
      contentStartedAt: null,
    });

    // The page's heartbeats attest the ad on screen: 25 s of it by t = 25 s.
    const seq = await attendStep(watcher.c, clock, session.id, "ad", 1, 25);
    clock.advance(4_000);
    const early = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/content`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      code: "SESSION_TOO_EARLY",
      message: "The advertisement has not finished yet",
    });
    const tooSoon = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, {
      solution: "bm90LWEtc29sdXRpb24=",
    });
    expect(tooSoon.json()).toMatchObject({ code: "CHALLENGE_FAILED" });
    clock.advance(1_000);
    // 30 s passed, but only 25 s were attested: no content yet.
    const unproven = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/content`);
    expect(unproven.statusCode).toBe(422);
    expect(unproven.json()).toMatchObject({
      code: "ATTENTION_NOT_PROVEN",
      params: { context: "ad" },
    });
    expect((await sendHeartbeat(watcher.c, session.id, attending("ad", seq))).json()).toMatchObject(
      { adAttestedMs: 30_000 },
    );
    const content = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/content`);
    expect(content.statusCode).toBe(200);
    expect(content.json()).toMatchObject({
      status: "CONTENT",
      contentStartedAt: clock.now().toISOString(),
      adAttestedMs: 30_000,
      contentAttestedMs: 0,
      // A member sharing no device or network with anyone is low risk: the cheapest challenge.
      challenge: { algorithm: "SHA-256", maxnumber: CHALLENGE.maxNumberByRisk.low },
    });
    const solution = await solve(content.json().challenge);
    // A retry of the same step is harmless; someone else's session does not exist for you.
    expect(
      (await watcher.c.request("POST", `/api/watch-sessions/${session.id}/content`)).statusCode,
    ).toBe(200);
    expect(
      (await owner.c.request("POST", `/api/watch-sessions/${session.id}/complete`, { solution }))
        .statusCode,
    ).toBe(404);

    const next = await attendStep(watcher.c, clock, session.id, "content", seq + 1, 25);
    clock.advance(4_999);
    const notYet = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, {
      solution,
    });
    expect(notYet.statusCode).toBe(422);
    expect(notYet.json().message).toBe(
      "Keep watching: the video has not played for 30 seconds yet",
    );
    clock.advance(1);
    // 30 s of content by the clock, 25 s attested by the player: not credited.
    const unattested = await watcher.c.request(
      "POST",
      `/api/watch-sessions/${session.id}/complete`,
      {
        solution,
      },
    );
    expect(unattested.statusCode).toBe(422);
    expect(unattested.json()).toMatchObject({ code: "ATTENTION_NOT_PROVEN" });
    expect(
      (await sendHeartbeat(watcher.c, session.id, attending("content", next, 30))).statusCode,
    ).toBe(200);
    const done = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, {
      solution,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      rewardViews: "1",
      session: {
        status: "COMPLETED",
        credited: true,
        contentCompletedAt: clock.now().toISOString(),
        contentAttestedMs: 30_000,
      },
      // The reward is pending for the hold window (ADR 047), not yet available.
      balances: {
        views: "0",
        heldViews: "1",
        heldNextClearAt: new Date(
          clock.now().getTime() + HOLD.hoursByRisk.normal * 3_600_000,
        ).toISOString(),
      },
    });
    expect(await views(owner.c)).toBe("9"); // 10 − 1 to post; the creator's 1 is on hold
    expect((await owner.c.request("GET", "/api/balances")).json().heldViews).toBe("1");
    expect((await watcher.c.request("GET", `/api/videos/${videoId}`)).json().watchedCount).toBe(1);

    const twice = await watcher.c.request("POST", `/api/watch-sessions/${session.id}/complete`, {
      solution,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toMatchObject({
      code: "CHALLENGE_FAILED",
      params: { context: "used" },
      message: "This check was already used",
    });

    // Once per video per 24 hours.
    clock.advance(23 * 3_600_000);
    const rewatch = await watcher.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect(rewatch.statusCode).toBe(422);
    expect(rewatch.json()).toMatchObject({
      code: "ALREADY_WATCHED",
      message: "You already earned views from this video in the last 24 hours",
    });
    clock.advance(3_600_000);
    expect((await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).statusCode).toBe(
      201,
    );
  });

  it("keeps one open session per member: starting another abandons the first", async () => {
    const a = await video();
    const b = await video();
    const watcher = await member(0n);
    const first = (await watcher.c.request("POST", `/api/videos/${a.videoId}/sessions`)).json();
    const second = (await watcher.c.request("POST", `/api/videos/${b.videoId}/sessions`)).json();
    // The first session's heartbeats are refused: the member watches elsewhere now.
    const elsewhere = await sendHeartbeat(watcher.c, first.id, attending("ad", 1));
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toMatchObject({
      code: "HEARTBEAT_REJECTED",
      params: { context: "otherSession" },
      message: "You opened another watch session: this one is paused",
    });
    await attendStep(watcher.c, clock, second.id, "ad", 1);
    const stale = await watcher.c.request("POST", `/api/watch-sessions/${first.id}/content`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe("This watch session is no longer active");
    expect(
      (await watcher.c.request("POST", `/api/watch-sessions/${second.id}/content`)).statusCode,
    ).toBe(200);
    const open = await db().execute(
      sql`select count(*)::int as n from ads_sessions where user_id = ${watcher.id} and status in ('AD','CONTENT')`,
    );
    expect((open as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it("answers the member's open session on a video, so a reload continues it", async () => {
    const { owner, videoId } = await video();
    const other = await video();
    const watcher = await member(0n);
    const current = (c: Client, id = videoId) =>
      c.request("GET", `/api/videos/${id}/sessions/current`);

    expect((await current(client(t.app))).statusCode).toBe(401);
    const none = await current(watcher.c);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({
      code: "NOT_FOUND",
      params: { context: "watchSession" },
      message: "Watch session not found",
    });
    expect((await current(watcher.c, "not-a-uuid")).statusCode).toBe(404);

    const started = (await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).json();
    let seq = await attendStep(watcher.c, clock, started.id, "ad", 1, 10);
    clock.advance(2_000);
    // In the ad: the page counts the ad's remaining 18 s from the server's timestamps, and its
    // heartbeats go on above the last seq the server accepted.
    const inAd = await current(watcher.c);
    expect(inAd.statusCode).toBe(200);
    expect(inAd.json()).toEqual({
      ...started,
      serverTime: clock.now().toISOString(),
      adAttestedMs: 10_000,
      heartbeatSeq: 3,
    });
    expect(Date.parse(inAd.json().serverTime) - Date.parse(inAd.json().adStartedAt)).toBe(12_000);
    // Only the member's own session, only on that video.
    expect((await current(owner.c)).statusCode).toBe(404);
    expect((await current(watcher.c, other.videoId)).statusCode).toBe(404);

    clock.advance(3_000);
    seq = await attendStep(watcher.c, clock, started.id, "ad", seq, 15);
    expect(
      (await watcher.c.request("POST", `/api/watch-sessions/${started.id}/content`)).statusCode,
    ).toBe(200);
    seq = await attendStep(watcher.c, clock, started.id, "content", seq, 10);
    const inContent = (await current(watcher.c)).json();
    expect(inContent).toMatchObject({
      id: started.id,
      status: "CONTENT",
      contentStartedAt: new Date(clock.now().getTime() - 10_000).toISOString(),
      serverTime: clock.now().toISOString(),
      adSeconds: 30,
      contentSeconds: 30,
      contentAttestedMs: 10_000,
      challenge: { algorithm: "SHA-256" },
    });

    clock.advance(5_000);
    await attendStep(watcher.c, clock, started.id, "content", seq, 15, 15);
    const solution = await solve(inContent.challenge);
    expect(
      (await watcher.c.request("POST", `/api/watch-sessions/${started.id}/complete`, { solution }))
        .statusCode,
    ).toBe(200);
    expect((await current(watcher.c)).statusCode).toBe(404);

    // Starting a session elsewhere abandons this one: nothing to continue here any more.
    const again = await member(0n);
    await again.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect((await current(again.c)).json().status).toBe("AD");
    await again.c.request("POST", `/api/videos/${other.videoId}/sessions`);
    expect((await current(again.c)).statusCode).toBe(404);
    expect((await current(again.c, other.videoId)).json().status).toBe("AD");
  });

  it("stops crediting at the daily cap", async () => {
    const { videoId } = await video();
    const watcher = await member(0n);
    const day = clock.now().toISOString().slice(0, 10);
    await db().execute(
      sql`insert into watch_daily (user_id, day, credited) values (${watcher.id}, ${day}, 200)`,
    );
    const capped = await watcher.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect(capped.statusCode).toBe(422);
    expect(capped.json()).toMatchObject({
      code: "DAILY_LIMIT_REACHED",
      message: "You have reached today's limit of 200 rewarded watch sessions",
    });
    // At completion too (the cap is counted by the database in the crediting transaction).
    await db().execute(sql`update watch_daily set credited = 199 where user_id = ${watcher.id}`);
    const s = (await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).json();
    await db().execute(sql`update watch_daily set credited = 200 where user_id = ${watcher.id}`);
    const refused = await watchToEnd(watcher.c, clock, s.id);
    expect(refused.json().code).toBe("DAILY_LIMIT_REACHED");
    expect(await views(watcher.c)).toBe("0");
  });
});

describe("view requests", () => {
  it("charges 1 view, matches two members first-in-first-out for +2 each, 10 a day", async () => {
    // Drain any pool left by other tests.
    await db().execute(sql`update view_requests set status = 'MATCHED' where status = 'PENDING'`);
    const broke = await member(0n);
    const refused = await broke.c.request("POST", "/api/view-requests");
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "You need at least 1 view to request views",
    });
    // The refused attempt did not use a daily slot.
    expect((await broke.c.request("GET", "/api/view-requests")).json().todayCount).toBe(0);

    const a = await member(20n);
    const b = await member(20n);
    const a1 = await a.c.request("POST", "/api/view-requests");
    expect(a1.statusCode).toBe(201);
    expect(a1.json()).toMatchObject({
      matched: false,
      request: { status: "PENDING", dailyCount: 1 },
      balances: { views: "19" },
    });
    clock.advance(1_000);
    const a2 = (await a.c.request("POST", "/api/view-requests")).json();
    expect(a2.matched).toBe(false); // never matched with yourself
    clock.advance(1_000);
    // The waiting member's open streams are told of the match (their open dialog reads again).
    const told: Array<[string, string[] | null]> = [];
    const stop = t.app.realtime.onAnnounce((event, members) => told.push([event, members]));
    const b1 = await b.c.request("POST", "/api/view-requests");
    stop();
    expect(told).toEqual([["viewRequests", [a.id]]]);
    expect(b1.json()).toMatchObject({
      matched: true,
      request: { status: "MATCHED", matchedWith: { id: a.id, username: a.user.username } },
      balances: { views: "19", heldViews: "2" }, // the match's 2 are on hold (ADR 047)
    });
    expect(await views(a.c)).toBe("18"); // 20 − 2, and 2 on hold
    expect((await a.c.request("GET", "/api/balances")).json().heldViews).toBe("2");
    const listA = (await a.c.request("GET", "/api/view-requests")).json();
    expect(listA.todayCount).toBe(2);
    expect(listA.dailyLimit).toBe(10);
    // The oldest request was matched; the second still waits.
    expect(listA.requests.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
      [a2.request.id, "PENDING"],
      [a1.json().request.id, "MATCHED"],
    ]);

    for (let i = 3; i <= 10; i++) {
      const res = await a.c.request("POST", "/api/view-requests");
      expect(res.statusCode).toBe(201);
      expect(res.json().request.dailyCount).toBe(i);
    }
    const eleventh = await a.c.request("POST", "/api/view-requests");
    expect(eleventh.statusCode).toBe(422);
    expect(eleventh.json()).toMatchObject({
      code: "DAILY_LIMIT_REACHED",
      message: "You have already made 10 view requests today",
    });
    // A new UTC day opens ten more.
    clock.advance(24 * 3_600_000);
    expect((await a.c.request("POST", "/api/view-requests")).statusCode).toBe(201);
    // Clean the pool for other suites.
    await db().execute(sql`update view_requests set status = 'MATCHED' where status = 'PENDING'`);
  });
});

describe("site config and the test clock", () => {
  it("exposes the ad network tag and allows its origin in the CSP", async () => {
    const anonymous = client(t.app);
    const res = await anonymous.request("GET", "/api/config");
    expect(res.json()).toEqual({
      adNetworkTag: null,
      youtubeIframeApiUrl: "https://www.youtube.com/iframe_api",
    });
    expect((await anonymous.request("POST", "/api/test/clock", { advanceMs: 1 })).statusCode).toBe(
      404,
    );

    const withAd = await createTestApp({
      env: {
        BETTER_AUTH_SECRET: SECRET,
        AD_NETWORK_TAG: "https://ads.example.net/tag.js",
        E2E_CLOCK: "1",
      },
    });
    try {
      const c = client(withAd.app);
      const config = await c.request("GET", "/api/config");
      expect(config.json()).toEqual({
        adNetworkTag: "https://ads.example.net/tag.js",
        youtubeIframeApiUrl: "https://www.youtube.com/iframe_api",
      });
      expect(String(config.headers["content-security-policy"])).toMatch(
        /script-src [^;]*https:\/\/ads\.example\.net/,
      );
      const before = Date.now();
      const moved = await c.request("POST", "/api/test/clock", { advanceMs: 3_600_000 });
      expect(moved.statusCode).toBe(200);
      expect(new Date(moved.json().now).getTime()).toBeGreaterThanOrEqual(before + 3_600_000);
    } finally {
      await withAd.close();
    }
    expect(() =>
      loadEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, E2E_CLOCK: "1" }),
    ).toThrow(/E2E_CLOCK/);
  });
});

void ids;
