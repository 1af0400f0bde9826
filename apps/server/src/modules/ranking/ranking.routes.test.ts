import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/app";
import { createSignedInMember, USDT } from "../../../test/factories";
import { fixedClock, systemClock } from "../../lib/clock";
import { postTransaction } from "../ledger/ledger.service";
import { recomputeRanking } from "./ranking.service";

const db = () => t.database.db;

const t = useTestApp({ verifyLedger: true });

/** Credits views as the platform does for a watch (an earning), or as an adjustment (not one). */
async function credit(profileId: string, views: bigint, kind = "watch_reward") {
  await db().transaction((tx) =>
    postTransaction(tx, {
      kind,
      actorProfileId: null,
      legs: [
        { account: { system: "rewards", currency: "VIEWS" }, amount: -views },
        { account: { member: profileId, currency: "VIEWS" }, amount: views },
      ],
    }),
  );
}

type Page = {
  entries: { rank: number; member: { id: string }; earnedViews: string }[];
  me: { rank: number; earnedViews: string } | null;
  hidden: boolean;
  summary: { members: number; viewsInCirculation: string; usdtVolume: string } | null;
};

describe("the ranking", () => {
  it("ranks members by earned views only, with their own row on any page, and the summary", async () => {
    const top = await createSignedInMember(t.app, { views: 10n });
    const second = await createSignedInMember(t.app);
    const rich = await createSignedInMember(t.app, { views: 1_000_000n, usdt: USDT(5) });
    await credit(top.id, 9_000_000n);
    await credit(second.id, 8_000_000n);
    await credit(rich.id, 7_000_000n, "adjustment");
    const empty = (await top.c.request("GET", "/api/ranking")).json() as Page;
    expect(empty.me).toBeNull();

    await recomputeRanking(db(), systemClock);
    const page = (await top.c.request("GET", "/api/ranking?period=week")).json() as Page;
    expect(page.entries.slice(0, 2).map((e) => e.member.id)).toEqual([top.id, second.id]);
    expect(page.entries.some((e) => e.member.id === rich.id)).toBe(false);
    expect(page.me).toMatchObject({ rank: 1, earnedViews: "9000000" });
    expect(page.summary?.members).toBeGreaterThanOrEqual(3);
    expect(BigInt(page.summary?.viewsInCirculation ?? "0")).toBeGreaterThanOrEqual(25_000_010n);

    // Not on the page asked for, still told where they stand.
    const later = (await second.c.request("GET", "/api/ranking?period=all&page=2")).json() as Page;
    expect(later.entries).toEqual([]);
    expect(later.me).toMatchObject({ rank: 2 });
  });

  it("counts this week and this month from their start; all time always", async () => {
    const m = await createSignedInMember(t.app);
    await credit(m.id, 50_000_000n);
    await recomputeRanking(db(), fixedClock(new Date(Date.now() + 40 * 86_400_000).toISOString()));
    const read = async (period: string) =>
      ((await m.c.request("GET", `/api/ranking?period=${period}`)).json() as Page).me;
    expect(await read("week")).toBeNull();
    expect(await read("month")).toBeNull();
    expect(await read("all")).toMatchObject({ rank: 1 });
  });

  it("leaves out a member who hides, at once, and brings them back at the next computation", async () => {
    const m = await createSignedInMember(t.app);
    await credit(m.id, 90_000_000n);
    await recomputeRanking(db(), systemClock);
    expect(((await m.c.request("GET", "/api/ranking")).json() as Page).me?.rank).toBe(1);
    const hide = await m.c.request("PUT", "/api/ranking/visibility", { hidden: true });
    expect(hide.json()).toEqual({ hidden: true });
    const hidden = (await m.c.request("GET", "/api/ranking")).json() as Page;
    expect(hidden.me).toBeNull();
    expect(hidden.hidden).toBe(true);
    await recomputeRanking(db(), systemClock);
    expect(((await m.c.request("GET", "/api/ranking")).json() as Page).me).toBeNull();
    await m.c.request("PUT", "/api/ranking/visibility", { hidden: false });
    await recomputeRanking(db(), systemClock);
    expect(((await m.c.request("GET", "/api/ranking")).json() as Page).me?.rank).toBe(1);
  });

  it("refuses bad queries and anonymous readers", async () => {
    const m = await createSignedInMember(t.app);
    expect((await m.c.request("GET", "/api/ranking?period=year")).statusCode).toBe(400);
    expect((await m.c.request("GET", "/api/ranking?page=0")).statusCode).toBe(400);
    expect(
      (await m.c.request("PUT", "/api/ranking/visibility", { hidden: "yes" })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/ranking" })).statusCode).toBe(401);
  });
});
