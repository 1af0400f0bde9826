import { ATTENTION, CHALLENGE } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import { createSignedInMember } from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import {
  attending,
  attendSession,
  attendStep,
  sendHeartbeat,
  solve,
  watchToEnd,
} from "../../../test/watch";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { verifyLedger } from "../ledger/verify-ledger";

/**
 * Proof of attention (ADR 046): what a script that drives the API without a page earns (nothing),
 * how forged, replayed and out-of-order heartbeats are refused, and the challenge that completes.
 */
const TITLES: Record<string, string> = {};
let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
const clock = fixedClock("2026-11-21T12:00:00.000Z");
const db = () => t.database.db;

beforeAll(async () => {
  oembed = await startOembedStandIn(TITLES);
  t = await createTestApp({ clock, env: { OEMBED_URL: oembed.url } });
});
afterAll(async () => {
  await t.close();
  await oembed.close();
});
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

const member = (views = 0n) => createSignedInMember(t.app, { views });
let nextId = 0;
async function video(): Promise<{ owner: Awaited<ReturnType<typeof member>>; videoId: string }> {
  const owner = await member(10n);
  nextId++;
  const id = `att${String(nextId).padStart(8, "0")}`;
  TITLES[id] = `Attention video ${nextId}`;
  const res = await owner.c.request("POST", "/api/videos", {
    url: `https://youtu.be/${id}`,
    country: "BR",
    theme: "Music",
  });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, videoId: res.json().video.id };
}
async function start(c: Client, videoId: string): Promise<string> {
  const res = await c.request("POST", `/api/videos/${videoId}/sessions`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const views = async (c: Client) => (await c.request("GET", "/api/balances")).json().views;
/** Available and pending (on hold, ADR 047) views: "available+held". */
const withHeld = async (c: Client) => {
  const b = (await c.request("GET", "/api/balances")).json();
  return `${b.views}+${b.heldViews}`;
};
const content = (c: Client, id: string) => c.request("POST", `/api/watch-sessions/${id}/content`);
const complete = (c: Client, id: string, solution: string) =>
  c.request("POST", `/api/watch-sessions/${id}/complete`, { solution });
async function row(id: string) {
  const [r] = await queryRows<Record<string, unknown>>(
    db(),
    sql`select status, hb_seq, hb_at, hb_position, hb_qualifying, ad_attested_ms,
          content_attested_ms, credited from ads_sessions where id = ${id}::uuid`,
  );
  return r;
}

describe("a script without a page", () => {
  it("earns nothing by waiting: the ad and the content need attested seconds", async () => {
    const { videoId } = await video();
    const script = await member();
    const id = await start(script.c, videoId);
    clock.advance(31_000);
    const ad = await content(script.c, id);
    expect(ad.statusCode).toBe(422);
    expect(ad.json()).toMatchObject({
      code: "ATTENTION_NOT_PROVEN",
      params: { context: "ad" },
      message: "Not credited: the advertisement was not on screen for 30 seconds",
    });
    // Heartbeats from a hidden or unfocused page attest nothing either.
    let seq = 1;
    for (const over of [{ visible: false }, { focused: false }]) {
      for (let i = 0; i < 8; i++) {
        clock.advance(5_000);
        const hb = await sendHeartbeat(script.c, id, attending("ad", seq++, 0, over));
        expect(hb.statusCode, hb.body).toBe(200);
      }
    }
    expect((await row(id))?.ad_attested_ms).toBe(0);
    expect((await content(script.c, id)).json().code).toBe("ATTENTION_NOT_PROVEN");

    // The ad attended properly, then a content that never plays on screen.
    clock.advance(5_000);
    seq = await attendStep(script.c, clock, id, "ad", seq);
    const started = await content(script.c, id);
    expect(started.statusCode, started.body).toBe(200);
    const solution = await solve(started.json().challenge);
    const tries: Array<[string, Partial<Parameters<typeof attending>[3]>, (i: number) => number]> =
      [
        ["paused", { playerState: "paused" }, () => 3],
        ["hidden", { visible: false }, (i) => 3 + i * 5],
        ["unfocused", { focused: false }, (i) => 3 + i * 5],
        ["scrolled away", { visibleRatio: 0.3 }, (i) => 3 + i * 5],
        ["too small", { playerWidth: 150, playerHeight: 100 }, (i) => 3 + i * 5],
        ["seeking ahead", {}, (i) => 3 + i * 20],
        ["going back", {}, (i) => 100 - i * 5],
      ];
    for (const [why, over, position] of tries) {
      for (let i = 0; i < 3; i++) {
        clock.advance(5_000);
        const hb = await sendHeartbeat(
          script.c,
          id,
          attending("content", seq++, position(i), over),
        );
        expect(hb.statusCode, `${why}: ${hb.body}`).toBe(200);
      }
      // The first heartbeat after each kind restarts the evidence: nothing is attested.
      expect((await row(id))?.content_attested_ms, why).toBe(0);
    }
    // Heartbeats too far apart attest nothing for the time between.
    for (let i = 0; i < 4; i++) {
      clock.advance(ATTENTION.maxHeartbeatGapMs + 1);
      await sendHeartbeat(script.c, id, attending("content", seq++, 200 + i * 13));
    }
    expect((await row(id))?.content_attested_ms).toBe(0);
    const refused = await complete(script.c, id, solution);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: "ATTENTION_NOT_PROVEN",
      message: "Not credited: the player did not report 30 seconds of playback on screen",
    });
    expect(await views(script.c)).toBe("0");
  });

  it("cannot complete without a solved challenge of that session", async () => {
    const { videoId } = await video();
    const { videoId: otherVideo } = await video();
    const watcher = await member();
    const id = await start(watcher.c, videoId);
    const solution = await attendSession(watcher.c, clock, id);
    const none = await watcher.c.request("POST", `/api/watch-sessions/${id}/complete`);
    expect(none.statusCode).toBe(400);
    for (const bad of ["bm90LWEtc29sdXRpb24=", "%%%", Buffer.from("{}").toString("base64")]) {
      const res = await complete(watcher.c, id, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toMatchObject({ code: "CHALLENGE_FAILED" });
    }
    // A wrong number for the challenge (a forged solution).
    const payload = JSON.parse(Buffer.from(solution, "base64").toString());
    const forged = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString(
      "base64",
    );
    expect((await complete(watcher.c, id, forged)).json().code).toBe("CHALLENGE_FAILED");
    // Another session's solution does not complete this one.
    const other = await member();
    const otherId = await start(other.c, otherVideo);
    const otherSolution = await attendSession(other.c, clock, otherId);
    expect((await complete(watcher.c, id, otherSolution)).json()).toMatchObject({
      code: "CHALLENGE_FAILED",
      message: "The session's check could not be verified. Reload the page and watch again.",
    });
    // Another member's session does not exist for you, even with its solution.
    expect((await complete(watcher.c, otherId, otherSolution)).statusCode).toBe(404);
    expect(await views(watcher.c)).toBe("0");
    expect((await complete(watcher.c, id, solution)).statusCode).toBe(200);
    expect((await complete(other.c, otherId, otherSolution)).statusCode).toBe(200);
  });

  it("refuses an expired challenge", async () => {
    const { videoId } = await video();
    const watcher = await member();
    const id = await start(watcher.c, videoId);
    const solution = await attendSession(watcher.c, clock, id);
    clock.advance(CHALLENGE.expiresSeconds * 1000);
    const expired = await complete(watcher.c, id, solution);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      code: "CHALLENGE_FAILED",
      params: { context: "expired" },
    });
    // Reloading gives a fresh challenge.
    const current = await watcher.c.request("GET", `/api/videos/${videoId}/sessions/current`);
    const fresh = await solve(current.json().challenge);
    expect((await complete(watcher.c, id, fresh)).statusCode).toBe(200);
  });
});

describe("heartbeats", () => {
  it("refuses forged, replayed, out-of-order and too-early ones and changes nothing", async () => {
    const { owner, videoId } = await video();
    const watcher = await member();
    const id = await start(watcher.c, videoId);
    expect((await sendHeartbeat(watcher.c, id, attending("ad", 5))).statusCode).toBe(200);
    clock.advance(5_000);
    expect((await sendHeartbeat(watcher.c, id, attending("ad", 6))).statusCode).toBe(200);
    const before = await row(id);
    expect(before).toMatchObject({ hb_seq: 6, ad_attested_ms: 5_000, hb_qualifying: true });
    clock.advance(5_000);
    const refusals: Array<[string, unknown]> = [
      ["replayed", attending("ad", 6)],
      ["out of order", attending("ad", 4)],
      ["wrong step", attending("content", 7, 5)],
    ];
    for (const [why, body] of refusals) {
      const res = await watcher.c.request("POST", `/api/watch-sessions/${id}/heartbeats`, body);
      expect(res.statusCode, why).toBe(409);
      expect(res.json(), why).toMatchObject({
        code: "HEARTBEAT_REJECTED",
        message: "This watch signal was refused (out of order or repeated)",
      });
    }
    // Too soon after the previous one (a flood).
    clock.set(new Date((before?.hb_at as Date | string) ?? 0));
    clock.advance(ATTENTION.minHeartbeatGapMs - 1);
    expect((await sendHeartbeat(watcher.c, id, attending("ad", 7))).statusCode).toBe(409);
    // Malformed bodies are refused before anything is read.
    for (const body of [
      { ...attending("ad", 7), visibleRatio: 2 },
      { ...attending("ad", 7), seq: 0 },
      { ...attending("ad", 7), playerState: "rewinding" },
      { ...attending("ad", 7), credit: 30_000 },
    ]) {
      const res = await watcher.c.request("POST", `/api/watch-sessions/${id}/heartbeats`, body);
      expect(res.statusCode).toBe(400);
    }
    // Someone else's session does not exist for you.
    clock.advance(5_000);
    expect((await sendHeartbeat(owner.c, id, attending("ad", 7))).statusCode).toBe(404);
    expect(await row(id)).toEqual(before);
  });

  it("pauses a session when the member opens another (on any device)", async () => {
    const a = await video();
    const b = await video();
    const watcher = await member();
    const first = await start(watcher.c, a.videoId);
    const seq = await attendStep(watcher.c, clock, first, "ad", 1, 10);
    const otherDevice = await createSignedInMember(t.app, {}); // a second member for contrast
    await start(otherDevice.c, a.videoId);
    await start(watcher.c, b.videoId);
    clock.advance(5_000);
    const res = await sendHeartbeat(watcher.c, first, attending("ad", seq));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "HEARTBEAT_REJECTED",
      params: { context: "otherSession" },
    });
  });

  it("credits a good session once; the challenge cannot be used again", async () => {
    const { owner, videoId } = await video();
    const watcher = await member();
    const id = await start(watcher.c, videoId);
    const solution = await attendSession(watcher.c, clock, id);
    const done = await complete(watcher.c, id, solution);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      rewardViews: "1",
      session: { status: "COMPLETED", adAttestedMs: 30_000, contentAttestedMs: 30_000 },
    });
    expect(await withHeld(watcher.c)).toBe("0+1");
    expect(await withHeld(owner.c)).toBe("9+1");
    const again = await complete(watcher.c, id, solution);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: "CHALLENGE_FAILED", params: { context: "used" } });
    // A heartbeat after the completion changes nothing.
    clock.advance(5_000);
    const late = await sendHeartbeat(watcher.c, id, attending("content", 99, 40));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("SESSION_NOT_ACTIVE");
    expect(await withHeld(watcher.c)).toBe("0+1");
  });

  it("watchToEnd (the tests' attending page) completes", async () => {
    const { videoId } = await video();
    const watcher = await member();
    const res = await watchToEnd(watcher.c, clock, await start(watcher.c, videoId));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("unplayable videos", () => {
  it("one report per member; enough members take the video out of the feed and tell its owner", async () => {
    const { owner, videoId } = await video();
    const report = (c: Client, errorCode = 150) =>
      c.request("POST", `/api/videos/${videoId}/unplayable-reports`, { errorCode });
    expect((await report(owner.c)).json().code).toBe("OWN_VIDEO");
    expect((await report(owner.c, 3)).statusCode).toBe(400);
    const reporters = await Promise.all(
      Array.from({ length: ATTENTION.unplayableReportsToHide }, () => member()),
    );
    const first = reporters[0];
    if (!first) throw new Error("reporters");
    // A repeat by the same member counts once.
    for (let i = 0; i < ATTENTION.unplayableReportsToHide; i++)
      expect((await report(first.c)).json()).toEqual({ hidden: false });
    const inFeed = async () =>
      (await first.c.request("GET", "/api/videos"))
        .json()
        .videos.some((v: { id: string }) => v.id === videoId);
    expect(await inFeed()).toBe(true);
    const answers = [];
    for (const r of reporters.slice(1)) answers.push((await report(r.c, 0)).json());
    expect(answers.at(-1)).toEqual({ hidden: true });
    clock.advance(1_000); // the feed's pages are cached for a second (ADR 013)
    expect(await inFeed()).toBe(false);
    const mail = await queryRows<{ kind: string; subject: string }>(
      db(),
      sql`select kind, subject from mail_outbox where "to" = ${owner.user.email}`,
    );
    expect(mail.filter((m) => m.kind === "video-unplayable")).toEqual([
      {
        kind: "video-unplayable",
        subject: `Your video “Attention video ${nextId}” left the ViewVault feed`,
      },
    ]);
  });
});
