import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
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

void ids;
