import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, PG_SKIP_REASON, pgUrl } from "../../../test/database";
import { memberFactory } from "../../../test/factories";
import { type Database, queryRows } from "../../db/client";
import { fixedClock } from "../../lib/clock";
import { getFraudEvidence, getFraudQueue } from "../fraud/fraud.service";
import { recomputeAllRisk, recomputeMemberRisk } from "./risk.service";
import { recordSignal } from "./signals";

const suite = describe.skipIf(!pgUrl);

/** The risk queries on real PostgreSQL (the route tests run them on PGlite). */
suite(`risk scores and clusters (${pgUrl ? "running" : `skipped: ${PG_SKIP_REASON}`})`, () => {
  let database: Database & { url: string };
  const clock = fixedClock("2026-11-26T12:00:00.000Z");

  beforeAll(async () => {
    database = await createPostgresDatabase(5);
  });
  afterAll(async () => {
    await database.close();
  });

  it("clusters a farm, scores its timings and referral flags, and shows the evidence", async () => {
    const db = database.db;
    const farm = [];
    for (let i = 0; i < 3; i++) {
      const m = await memberFactory.create({}, { transient: { db } });
      farm.push(m.profile.id);
      await recordSignal(db, "key", {
        memberId: m.profile.id,
        kind: "sign_in",
        refId: `s${i}`,
        deviceId: "farm-phone-0001",
        address: `198.51.100.${i + 1}`,
        userAgent: "ua",
        at: clock.now(),
      });
    }
    const [first] = farm as [string];
    // Back-to-back sessions with identical timings on a video of another member.
    const owner = await memberFactory.create({}, { transient: { db } });
    const [video] = await queryRows<{ id: string }>(
      db,
      sql`insert into videos (user_id, youtube_url, youtube_id, title, country, theme, thumbnail_url)
          values (${owner.profile.id}::uuid, 'https://www.youtube.com/watch?v=riskpgvideo',
            'riskpgvideo', 'Risk video', 'BR', 'Music', 'https://i.ytimg.com/vi/x/hq.jpg')
          returning id`,
    );
    for (let i = 0; i < 4; i++) {
      const start = new Date(clock.now().getTime() - 3_600_000 + i * 61_000);
      await db.execute(
        sql`insert into ads_sessions (user_id, video_id, status, ad_started_at, content_started_at,
              content_completed_at)
            values (${first}::uuid, ${video?.id}::uuid, 'COMPLETED', ${start.toISOString()}::timestamptz,
              ${new Date(start.getTime() + 30_000).toISOString()}::timestamptz,
              ${new Date(start.getTime() + 60_000).toISOString()}::timestamptz)`,
      );
    }
    const own = await recomputeMemberRisk(db, clock, first);
    expect(own.reasons.map((r) => r.code)).toEqual([
      "sharedDevice",
      "sharedNetwork",
      "sharedDeviceAndNetwork",
      "identicalTimings",
      "backToBack",
    ]);
    expect(await recomputeAllRisk(db, clock)).toMatchObject({ members: 3 });
    const queue = await getFraudQueue(db, clock);
    const cluster = queue.clusters.find((c) => c.members.some((m) => m.member.id === first));
    expect(cluster?.members.map((m) => m.member.id).sort()).toEqual([...farm].sort());
    // The same phone on one network counts only with behaviour (ADR 071): the member with the
    // back-to-back, identical sessions is high risk, the two others (nothing else in common) not.
    for (const m of cluster?.members ?? [])
      expect(m.level, m.member.id).toBe(m.member.id === first ? "high" : "normal");
    const evidence = await getFraudEvidence(db, clock, first);
    expect(evidence.sessions).toHaveLength(4);
    expect(evidence.sessions[0]?.gapSeconds).toBe(1);
    expect(evidence.sharedWith).toHaveLength(2);
  });
});
