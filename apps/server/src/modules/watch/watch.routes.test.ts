import { CHALLENGE, HOLD } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { attending, attendStep, sendHeartbeat, solve, watchToEnd } from "../../../test/watch";
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

    // The app's device signal, as the web app sends it on every request (ADR 071).
    const start = await watcher.c.request("POST", `/api/videos/${videoId}/sessions`, undefined, {
      "x-device-id": "watcher-phone-0001",
    });
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
      // A member with the app's device signal who shares no device or network with anyone is low
      // risk: the cheapest challenge.
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
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
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
    expect((await current(owner.c)).json()).toBeNull();
    expect((await current(watcher.c, other.videoId)).json()).toBeNull();

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
    expect((await current(watcher.c)).json()).toBeNull();

    // Starting a session elsewhere abandons this one: nothing to continue here any more.
    const again = await member(0n);
    await again.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect((await current(again.c)).json().status).toBe("AD");
    await again.c.request("POST", `/api/videos/${other.videoId}/sessions`);
    expect((await current(again.c)).json()).toBeNull();
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
