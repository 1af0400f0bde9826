import { ATTENTION } from "@viewvault/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { attending, sendHeartbeat } from "../../../test/watch";
import { fixedClock } from "../../lib/clock";

/**
 * The watch costs no failed request (ADR 064): the page asks for the open session and gets null
 * when there is none; each heartbeat's answer carries the attested time, so the page offers
 * "Close ad" when the server will accept it, 30 s after the first heartbeat; a video the member
 * found unplayable is not offered again (the feed's "today" lists it, a new session is refused).
 */
const TITLES: Record<string, string> = {};
let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
const clock = fixedClock("2026-11-22T12:00:00.000Z");

beforeAll(async () => {
  oembed = await startOembedStandIn(TITLES);
  t = await createTestApp({ clock, env: { OEMBED_URL: oembed.url } });
});
afterAll(async () => {
  await t.close();
  await oembed.close();
});

const member = (views = 0n) => createSignedInMember(t.app, { views });
let nextId = 0;
async function video(): Promise<string> {
  const owner = await member(10n);
  nextId++;
  const id = `tim${String(nextId).padStart(8, "0")}`;
  TITLES[id] = `Timing video ${nextId}`;
  const res = await owner.c.request("POST", "/api/videos", {
    url: `https://youtu.be/${id}`,
    country: "BR",
    theme: "Music",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().video.id;
}
const current = (c: Client, videoId: string) =>
  c.request("GET", `/api/videos/${videoId}/sessions/current`);

describe("the open session", () => {
  it("is null, with 200, when the member has none on the video (no error on every page load)", async () => {
    const videoId = await video();
    const watcher = await member();
    const none = await current(watcher.c, videoId);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toBeNull();
    // A malformed id is still not found.
    expect((await current(watcher.c, "not-a-uuid")).statusCode).toBe(404);
    const started = await watcher.c.request("POST", `/api/videos/${videoId}/sessions`);
    const open = await current(watcher.c, videoId);
    expect(open.statusCode).toBe(200);
    expect(open.json().id).toBe(started.json().id);
  });
});

describe("the heartbeats' attested time", () => {
  it("reaches the ad's 30 s with the heartbeat 30 s after the first, and the content starts then", async () => {
    const videoId = await video();
    const watcher = await member();
    const id = (await watcher.c.request("POST", `/api/videos/${videoId}/sessions`)).json().id;
    const every = ATTENTION.heartbeatSeconds;
    const answers: number[] = [];
    // The first heartbeat when the step starts, then one every 5 s: each answer says how much
    // the server attested, and the page shows what is left from it.
    for (let s = 0, seq = 1; s <= ATTENTION.adSeconds; s += every, seq++) {
      if (s > 0) clock.advance(every * 1000);
      const res = await sendHeartbeat(watcher.c, id, attending("ad", seq));
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json().adAttestedMs);
    }
    expect(answers).toEqual([0, 5_000, 10_000, 15_000, 20_000, 25_000, 30_000]);
    // The answer said 30 s: the content starts at once (no refusal to retry).
    const content = await watcher.c.request("POST", `/api/watch-sessions/${id}/content`);
    expect(content.statusCode, content.body).toBe(200);
  });
});

describe("a video the member found unplayable", () => {
  it("ends the open session, is listed in the member's today (the feed leaves it out) and starts no new ad", async () => {
    const videoId = await video();
    const watcher = await member();
    const today = async () => (await watcher.c.request("GET", "/api/watch/today")).json();
    expect((await today()).unplayable).toEqual([]);
    // The player failed during the member's session: the report ends it.
    await watcher.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect((await current(watcher.c, videoId)).json()).not.toBeNull();
    const report = await watcher.c.request("POST", `/api/videos/${videoId}/unplayable-reports`, {
      errorCode: 150,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect((await today()).unplayable).toEqual([videoId]);
    expect((await current(watcher.c, videoId)).json()).toBeNull();
    const start = await watcher.c.request("POST", `/api/videos/${videoId}/sessions`);
    expect(start.statusCode).toBe(422);
    expect(start.json().code).toBe("VIDEO_UNPLAYABLE");
    // Another member can still watch it (one report does not take it out of the feed).
    const other = await member();
    expect((await other.c.request("POST", `/api/videos/${videoId}/sessions`)).statusCode).toBe(201);
  });
});
