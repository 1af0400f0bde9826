import { createHash } from "node:crypto";
import { ATTENTION, type TWatchSession } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, client } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/app";
import {
  createDeskStaff,
  createSignedInMember,
  type SignedInMember,
  TEST_PASSWORD,
  USDT,
} from "../../../test/factories";
import { startOembedStandIn } from "../../../test/oembed-stand-in";
import { attending, sendHeartbeat, watchToEnd } from "../../../test/watch";
import { queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { clearDueHolds } from "../holds/holds.service";
import { verifyLedger } from "../ledger/verify-ledger";
import { riskJob } from "./risk.enforce";
import { lockstepPartnersOf, riskOf } from "./risk.repository";
import { recordSignal } from "./signals";

/**
 * The farm that forges its evidence (ADR 071): five accounts on one address, no device header,
 * heartbeats a watching page would send, in lockstep, the proof-of-work solved — caught within
 * one completion round, held until reviewed, paused, and stopped at the payout desk; and the
 * honest shapes that share a network or a phone model stay normal.
 */
const TITLES: Record<string, string> = {};
let t: TestApp;
let oembed: Awaited<ReturnType<typeof startOembedStandIn>>;
const clock = fixedClock("2026-11-22T09:00:00.000Z");
const db = () => t.database.db;
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const TRON_HASH = "ef".repeat(32);
const FARM_IP = "203.0.113.77";

beforeAll(async () => {
  oembed = await startOembedStandIn(TITLES);
  t = await createTestApp({ clock, env: { OEMBED_URL: oembed.url } });
}, 180_000);
afterAll(async () => {
  await t.close();
  await oembed.close();
});
afterEach(async () => {
  expect((await verifyLedger(db())).problems).toEqual([]);
});

let nextVideo = 0;
async function video(): Promise<string> {
  const owner = await createSignedInMember(t.app, { views: 10n });
  nextVideo++;
  const id = `farm${String(nextVideo).padStart(7, "0")}`;
  TITLES[id] = `Farm video ${nextVideo}`;
  const res = await owner.c.request("POST", "/api/videos", {
    url: `https://youtu.be/${id}`,
    country: "BR",
    theme: "Music",
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().video.id;
}

/** The member's session, driven from another address (the same cookies). */
function from(m: SignedInMember, ip: string): Client {
  const c = client(t.app, ip);
  for (const pair of m.c.cookie.split("; ")) {
    const at = pair.indexOf("=");
    if (at > 0) c.setCookie(pair.slice(0, at), pair.slice(at + 1));
  }
  return c;
}

/**
 * The proof-of-work solved as a farm script would, in a few lines of node:crypto (synchronous,
 * so a high-risk challenge takes seconds, not the page worker's minutes on a busy machine).
 */
function forgeSolution(challenge: NonNullable<TWatchSession["challenge"]>): string {
  for (let number = 0; number <= challenge.maxnumber; number++) {
    const hash = createHash("sha256").update(`${challenge.salt}${number}`).digest("hex");
    if (hash === challenge.challenge) {
      return Buffer.from(
        JSON.stringify({
          algorithm: challenge.algorithm,
          challenge: challenge.challenge,
          number,
          salt: challenge.salt,
          signature: challenge.signature,
        }),
      ).toString("base64");
    }
  }
  throw new Error("challenge not solved");
}

/** One step of heartbeats for every farm session at once, every 5.05 s. */
async function lockstepStep(
  clients: Client[],
  ids: string[],
  step: "ad" | "content",
  firstSeq: number,
): Promise<number> {
  const ticks = Math.ceil(ATTENTION.adSeconds / 5.05) + 1;
  let seq = firstSeq;
  for (let i = 0; i < ticks; i++) {
    if (i > 0) clock.advance(5_050);
    for (const [n, c] of clients.entries()) {
      const res = await sendHeartbeat(
        c,
        ids[n] as string,
        attending(step, seq, step === "ad" ? 0 : i * 5.05),
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    seq++;
  }
  return seq;
}

async function watchInLockstep(clients: Client[], videoId: string): Promise<number[]> {
  const ids: string[] = [];
  for (const c of clients) {
    const res = await c.request("POST", `/api/videos/${videoId}/sessions`);
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  const seq = await lockstepStep(clients, ids, "ad", 1);
  const solutions: string[] = [];
  for (const [n, c] of clients.entries()) {
    const res = await c.request("POST", `/api/watch-sessions/${ids[n]}/content`);
    expect(res.statusCode, res.body).toBe(200);
    solutions.push(forgeSolution(res.json<TWatchSession>().challenge as never));
  }
  await lockstepStep(clients, ids, "content", seq);
  const codes: number[] = [];
  for (const [n, c] of clients.entries()) {
    const res = await c.request("POST", `/api/watch-sessions/${ids[n]}/complete`, {
      solution: solutions[n],
    });
    codes.push(res.statusCode);
  }
  return codes;
}

async function watchAlone(
  c: Client,
  videoId: string,
  headers: Record<string, string>,
): Promise<void> {
  const start = await c.request("POST", `/api/videos/${videoId}/sessions`, undefined, headers);
  expect(start.statusCode, start.body).toBe(201);
  const done = await watchToEnd(c, clock, start.json().id);
  expect(done.statusCode, done.body).toBe(200);
}

const level = async (id: string) => (await riskOf(db(), id))?.level ?? "normal";
const codes = async (id: string) => ((await riskOf(db(), id))?.reasons ?? []).map((r) => r.code);
async function heldCount(id: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from earning_holds where member_id = ${id}::uuid and status = 'HELD'`,
  );
  return row?.n ?? 0;
}

const staff = (role: "support" | "admin") => createDeskStaff(t.app, role);

describe("the forged farm", () => {
  it("is high risk within one completion round, held past 25 h, paused, and refused at the desk until an admin reviews", async () => {
    // Honest members first, at their own times (§4 of the issue the ADR answers).
    const household = [await createSignedInMember(t.app), await createSignedInMember(t.app)];
    const phones = [await createSignedInMember(t.app), await createSignedInMember(t.app)];
    const privacy = await createSignedInMember(t.app);
    const blocked = [await createSignedInMember(t.app), await createSignedInMember(t.app)];
    const cgnat = await createSignedInMember(t.app);
    const honest = [...household, ...phones, privacy, ...blocked, cgnat];
    for (const [i, m] of household.entries()) {
      await watchAlone(from(m, "198.51.100.20"), await video(), { "x-device-id": `home-${i}-dev` });
      clock.advance(3_600_000);
    }
    for (const m of phones) {
      // Same phone model and browser (one fingerprint), one carrier network, unrelated times.
      await watchAlone(from(m, "100.70.1.9"), await video(), {
        "x-device-id": "same-phone-model-0001",
      });
      clock.advance(2_700_000);
    }
    // A privacy extension blocks the fingerprint on one session; otherwise the app's signal.
    await watchAlone(from(privacy, "100.70.2.9"), await video(), {
      "x-device-id": "privacy-phone-000",
    });
    clock.advance(600_000);
    await watchAlone(from(privacy, "100.70.2.9"), await video(), {});
    clock.advance(600_000);
    // Two members whose privacy tools block the fingerprint on every request, behind one carrier
    // address, each watching at their own times: no device signal on a shared network, and no
    // behaviour in common.
    for (const m of blocked) {
      for (let i = 0; i < 2; i++) {
        await watchAlone(from(m, "100.70.3.9"), await video(), {});
        clock.advance(1_500_000);
      }
    }
    // A CGNAT address shared with 50 unrelated members who watch at unrelated times.
    const crowd: string[] = [];
    for (let i = 0; i < 50; i++) {
      const other = await createSignedInMember(t.app);
      crowd.push(other.id);
      await recordSignal(db(), t.app.deviceKey, {
        memberId: other.id,
        kind: "watch_session",
        refId: `cgnat-${i}`,
        deviceId: `cgnat-device-${i}`,
        address: `100.64.9.${i + 1}`,
        userAgent: "Mozilla/5.0",
        at: new Date(clock.now().getTime() - i * 600_000),
      });
    }
    await watchAlone(from(cgnat, "100.64.9.200"), await video(), { "x-device-id": "cgnat-me-01" });
    clock.advance(600_000);

    // The farm: five members, one address, no device header; one asked for a withdrawal earlier.
    const farm: SignedInMember[] = [];
    for (let i = 0; i < 5; i++) farm.push(await createSignedInMember(t.app, { usdt: USDT(100) }));
    const [cashing] = farm as [SignedInMember];
    const asked = await cashing.c.request(
      "POST",
      "/api/withdrawals",
      { password: TEST_PASSWORD, network: "TRC20", walletAddress: TRON, amount: "100" },
      { "idempotency-key": "farm-withdrawal" },
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const farmClients = farm.map((m) => from(m, FARM_IP));
    const round = await watchInLockstep(farmClients, await video());
    // Credited (on hold): nothing a server receives tells these heartbeats from a page's.
    expect(round).toEqual([200, 200, 200, 200, 200]);

    // Within the round: every farm member high risk, with the lockstep and no-device reasons.
    for (const m of farm) {
      expect(await level(m.id), m.id).toBe("high");
      expect(await codes(m.id)).toEqual(
        expect.arrayContaining(["lockstep", "networkAndLockstep", "noDeviceSignal"]),
      );
      const lockstep = (await riskOf(db(), m.id))?.reasons.find((r) => r.code === "lockstep");
      expect(lockstep?.params).toMatchObject({ accounts: 4, sessions: 1 });
    }
    // A completion rescores a bounded number of its partners at once (here 4, or 2 when bounded).
    const [completed] = await queryRows<{ id: string }>(
      db(),
      sql`select id from ads_sessions where user_id = ${cashing.id}::uuid and status = 'COMPLETED'`,
    );
    expect(await lockstepPartnersOf(db(), completed?.id ?? "")).toHaveLength(4);
    expect(await lockstepPartnersOf(db(), completed?.id ?? "", 2)).toHaveLength(2);
    // Cash-out paused with a reason each member sees (and the appeal), and "in review".
    for (const m of farm) {
      const own = (await m.c.request("GET", "/api/me/enforcement")).json();
      expect(own.inReview).toBe(true);
      expect(own.cashoutPaused?.reason).toMatch(/lockstep|sincronia/);
    }
    // The honest members stay normal (or low), and nobody of them is paused.
    await riskJob(db(), clock);
    for (const m of honest) {
      expect(["low", "normal"], `${m.id} ${await codes(m.id)}`).toContain(await level(m.id));
      const own = (await m.c.request("GET", "/api/me/enforcement")).json();
      expect(own).toEqual({ cashoutPaused: null, inReview: false });
    }
    for (const id of crowd) expect(["low", "normal"]).toContain(await level(id));
    // The fraud queue orders the farm's cluster first.
    const admin = await staff("admin");
    const queue = (await admin.c.request("GET", "/api/fraud/queue")).json();
    expect(
      queue.clusters[0].members.map((m: { member: { id: string } }) => m.member.id).sort(),
    ).toEqual(farm.map((m) => m.id).sort());

    // 25 h later the clearing job clears the honest holds, never the farm's.
    clock.advance(25 * 3_600_000);
    await clearDueHolds(t.app.money, clock, 1_000);
    for (const m of farm) expect(await heldCount(m.id)).toBe(1);
    for (const m of household) expect(await heldCount(m.id)).toBe(0);
    for (const m of phones) expect(await heldCount(m.id)).toBe(0);
    for (const m of blocked) expect(await heldCount(m.id)).toBe(0);

    // The desk: taken, then sending/completing is refused — by the route and by the command.
    const [request] = await queryRows<{ id: string }>(
      db(),
      sql`select s.id from support_requests s join manual_claims c on c.id = s.withdrawal_id
          where c.user_id = ${cashing.id}::uuid`,
    );
    const requestId = request?.id as string;
    const desk = await staff("support");
    const take = await desk.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
      status: "PROCESSING",
    });
    expect(take.statusCode, take.body).toBe(200);
    const refused = await desk.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
      status: "COMPLETED",
      txHash: TRON_HASH,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe("MEMBER_IN_RISK_REVIEW");
    expect(refused.json().message).toContain("Ask an admin to review");
    const direct = await db()
      .execute(
        sql`select vv_withdraw_complete(${desk.id}::uuid, 'support', '127.0.0.1', null, 'direct',
              null, ${requestId}::uuid, ${TRON_HASH}, ${clock.now().toISOString()}::timestamptz)`,
      )
      .then(
        () => "allowed",
        (error: Error & { cause?: Error & { detail?: string } }) =>
          `${error.cause?.message ?? error.message} ${error.cause?.detail ?? ""}`,
      );
    expect(direct).toMatch(/MEMBER_IN_RISK_REVIEW/);

    // The admin's review clears the member; the desk proceeds.
    const stepped = await admin.c.request("POST", "/api/admin/step-up", {
      password: TEST_PASSWORD,
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    const cleared = await admin.c.request("POST", `/api/fraud/members/${cashing.id}/clear`, {
      reason: "Checked by video call: five flatmates",
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const done = await desk.c.request("PUT", `/api/support/desk/requests/${requestId}/status`, {
      status: "COMPLETED",
      txHash: TRON_HASH,
    });
    expect(done.statusCode, done.body).toBe(200);
    // Their holds were 72 h (high risk at the start already): past that, the reviewed member's
    // hold clears, the others' — due too — are skipped while they are in review.
    clock.advance(48 * 3_600_000);
    await clearDueHolds(t.app.money, clock, 1_000);
    expect(await heldCount(cashing.id)).toBe(0);
    expect(await heldCount((farm[1] as SignedInMember).id)).toBe(1);
  }, 300_000);
});
