import { HOLD, MICRO_PER_USDT, TRANSFER, VIDEO, VIEW_REQUEST, WITHDRAWAL } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../db/client";
import { postTransaction } from "../modules/ledger/ledger.service";

/** Marks the history's starting grants: present once the history was written. */
export const MARK = "v1";

export const COMMUNITY = ["lucas", "marina", "rafael", "sofia"] as const;

const usdt = (n: number) => BigInt(Math.round(n * 100)) * (MICRO_PER_USDT / 100n);

/** The demo history's fixed pseudo-random sequence (demo-activity.ts). */
export interface Sequence {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
}

/** What the history writes with: its transaction, the members by name and its bookkeeping. */
export interface History {
  tx: DbOrTx;
  rand: Sequence;
  id: (username: string) => string;
  /** The demo logins that exist in this database. */
  logins: readonly string[];
  admin: string | undefined;
  /** Remembers that the ledger entries written since the last call happened at `at`. */
  record: (at: Date) => Promise<void>;
  /** Whether a member can pay this now (the history never tries what would be refused). */
  canPay: (username: string, currency: "VIEWS" | "USDT", amount: bigint) => Promise<boolean>;
}

/** One day of the history: how many days ago, its date and the clock moving through it. */
interface Day {
  ago: number;
  day: string;
  dayStart: number;
  /** The next moment of the day: activity spreads from morning to night, in order. */
  next: () => Date;
}

/** The community's starting balances, the day before the history starts. */
export async function seedStartingBalances(h: History, start: Date): Promise<void> {
  const { tx, id, record } = h;
  for (const username of COMMUNITY) {
    await postTransaction(tx, {
      kind: "adjustment",
      actorProfileId: null,
      memo: { reason: "demo starting balance", demo: id(username), demoHistory: MARK },
      legs: [
        { account: { system: "rewards", currency: "VIEWS" }, amount: -600n },
        { account: { member: id(username), currency: "VIEWS" }, amount: 600n },
        { account: { system: "rewards", currency: "USDT" }, amount: -usdt(1_200) },
        { account: { member: id(username), currency: "USDT" }, amount: usdt(1_200) },
      ],
    });
    await record(start);
  }
}

/**
 * Watching: the day's credited sessions of each member, in one posting for the day (no session
 * rows stand behind demo history, as the demo videos' watched counts). Busier at weekends.
 */
async function seedWatching(h: History, d: Day): Promise<void> {
  const { tx, rand, id, logins, record } = h;
  const { day, dayStart, next } = d;
  const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
  const watchers = [
    ...COMMUNITY.map((u) => ({ u, n: rand.int(20, 55) + (weekend ? 15 : 0) })),
    ...logins.filter(() => rand.next() < 0.35).map((u) => ({ u, n: rand.int(3, 12) })),
  ];
  const earned = watchers.map(({ u, n }) => ({
    u,
    views: BigInt(n) * VIDEO.watcherRewardViews,
  }));
  await postTransaction(tx, {
    kind: "watch_reward",
    actorProfileId: null,
    memo: { demoHistory: MARK, day, sessions: watchers.reduce((sum, w) => sum + w.n, 0) },
    legs: [
      {
        account: { system: "rewards", currency: "VIEWS" },
        amount: -earned.reduce((sum, e) => sum + e.views, 0n),
      },
      ...earned.map(({ u, views }) => ({
        account: { member: id(u), currency: "VIEWS" as const },
        amount: views,
      })),
    ],
  });
  await record(next());
}

/** View requests, in pairs so each one matches (nothing is left waiting for a real member). */
async function seedViewRequests(h: History, d: Day): Promise<void> {
  const { tx, rand, id, logins, record } = h;
  const { day, next } = d;
  const pairs = rand.int(0, 2);
  for (let p = 0; p < pairs; p++) {
    const a = rand.pick(COMMUNITY);
    const b = rand.next() < 0.4 && logins.length ? rand.pick(logins) : rand.pick(COMMUNITY);
    if (a === b) continue;
    for (const member of [a, b]) {
      const at = next();
      await queryRows(
        tx,
        sql`select vv_view_request(${id(member)}::uuid, null, 'seed', 'seed', ${at.toISOString()}::timestamptz,
              ${day}::date, ${VIEW_REQUEST.dailyLimit}::int, ${VIEW_REQUEST.costViews}::bigint,
              ${VIEW_REQUEST.matchRewardViews}::bigint, ${JSON.stringify(HOLD.hoursByRisk)}::jsonb) as r`,
      );
      await record(at);
    }
  }
}

/** A USDT transfer most days; views now and then. */
async function seedTransfers(h: History, d: Day): Promise<void> {
  const { tx, rand, id, logins, record, canPay } = h;
  const { next } = d;
  if (rand.next() < 0.7) {
    const from = rand.pick(COMMUNITY);
    const to = rand.next() < 0.5 && logins.length ? rand.pick(logins) : rand.pick(COMMUNITY);
    const amount = TRANSFER.minMicroUsdt + usdt(rand.int(0, 12) * 5);
    if (from !== to && (await canPay(from, "USDT", amount))) {
      await queryRows(
        tx,
        sql`select vv_transfer(${id(from)}::uuid, null, 'seed', 'seed', ${id(to)}, 'USDT',
              ${amount}::bigint, ${from}, now()) as r`,
      );
      await record(next());
    }
  }
  if (rand.next() < 0.3) {
    const [from, to] = [rand.pick(COMMUNITY), rand.pick(COMMUNITY)];
    const amount = TRANSFER.minViews + BigInt(rand.int(0, 4) * 25);
    if (from !== to && (await canPay(from, "VIEWS", amount))) {
      await queryRows(
        tx,
        sql`select vv_transfer(${id(from)}::uuid, null, 'seed', 'seed', ${id(to)}, 'VIEWS',
              ${amount}::bigint, ${from}, now()) as r`,
      );
      await record(next());
    }
  }
}

/** A marketplace trade every few days: a community member sells views, another buys them. */
async function seedMarketTrade(h: History, d: Day): Promise<void> {
  const { tx, rand, id, record, canPay } = h;
  const { ago, next } = d;
  const seller = rand.pick(COMMUNITY);
  const buyer = rand.pick(COMMUNITY.filter((u) => u !== seller));
  const views = BigInt(rand.int(4, 12) * 25);
  const price = 80_000n + BigInt(rand.int(0, 4)) * 5_000n; // 0.080–0.100 USDT per view
  if (
    ago % 3 === 0 &&
    (await canPay(seller, "VIEWS", views)) &&
    (await canPay(buyer, "USDT", views * price))
  ) {
    const listedAt = next();
    const [listed] = await queryRows<{ id: string }>(
      tx,
      sql`select vv_market_list(${id(seller)}::uuid, null, 'seed', 'seed', ${views}::bigint,
            ${price}::bigint, ${listedAt.toISOString()}::timestamptz) -> 'result' -> 'offer' ->> 'id' as id`,
    );
    await record(listedAt);
    const boughtAt = next();
    await queryRows(
      tx,
      sql`select vv_market_buy(${id(buyer)}::uuid, null, 'seed', 'seed', ${listed?.id}::uuid,
            ${boughtAt.toISOString()}::timestamptz) as r`,
    );
    await record(boughtAt);
  }
}

/**
 * A payout a week (the minimum, within an unverified member's daily limit), taken and completed
 * by the demo admin.
 */
async function seedPayout(h: History, d: Day): Promise<void> {
  const { tx, rand, id, admin, record, canPay } = h;
  const { ago, dayStart, next } = d;
  const member = rand.pick(COMMUNITY);
  const amount = WITHDRAWAL.minMicroUsdt;
  if (admin && ago % 7 === 5 && (await canPay(member, "USDT", amount))) {
    const requestedAt = next();
    const [claim] = await queryRows<{ id: string }>(
      tx,
      sql`select vv_withdraw_request(${id(member)}::uuid, null, 'seed', 'seed', ${amount}::bigint,
            ${WITHDRAWAL.feesMicroUsdt.TRC20}::bigint, 'TRC20', ${demoAddress(member)},
            ${requestedAt.toISOString()}::timestamptz, ${new Date(dayStart).toISOString()}::timestamptz,
            ${WITHDRAWAL.dailyLimitMicroUsdt.unverified}::bigint, ${WITHDRAWAL.dailyLimitMicroUsdt.verified}::bigint,
            0, ${WITHDRAWAL.secondApprovalAboveMicroUsdt}::bigint, null) -> 'result' -> 'withdrawal' ->> 'id' as id`,
    );
    await record(requestedAt);
    const [request] = await queryRows<{ id: string }>(
      tx,
      sql`select id from support_requests where withdrawal_id = ${claim?.id}::uuid`,
    );
    const takenAt = new Date(requestedAt.getTime() + 3 * 3_600_000);
    await queryRows(
      tx,
      sql`select vv_withdraw_take(${admin}::uuid, 'admin', null, null, 'seed', 'seed',
            ${request?.id}::uuid, ${takenAt.toISOString()}::timestamptz) as r`,
    );
    const paidAt = new Date(takenAt.getTime() + 40 * 60_000);
    await queryRows(
      tx,
      sql`select vv_withdraw_complete(${admin}::uuid, 'admin', null, null, 'seed', 'seed',
            ${request?.id}::uuid, ${demoTxHash(ago)}, ${paidAt.toISOString()}::timestamptz) as r`,
    );
    await record(paidAt);
  }
}

/** One day of activity, `ago` days before `today` (UTC midnight, ms), in the sequence's order. */
export async function seedHistoryDay(h: History, today: number, ago: number): Promise<void> {
  const { rand } = h;
  const dayStart = today - ago * DAY_MS;
  const day = new Date(dayStart).toISOString().slice(0, 10);
  let minute = 8 * 60 + rand.int(0, 50);
  const next = () => {
    minute = Math.min(minute + rand.int(9, 40), 23 * 60 + 50);
    return new Date(dayStart + minute * 60_000);
  };
  const d: Day = { ago, day, dayStart, next };
  await seedWatching(h, d);
  await seedViewRequests(h, d);
  await seedTransfers(h, d);
  await seedMarketTrade(h, d);
  await seedPayout(h, d);
}

export const DAY_MS = 86_400_000;

/** A recognisably fake TRON address per community member (base58 alphabet, 34 characters). */
function demoAddress(username: string): string {
  return `TDemo${username.replace(/[^a-km-zA-HJ-NP-Z1-9]/g, "x")}`.padEnd(34, "z");
}

/** A recognisably fake transaction hash (64 hex digits). */
function demoTxHash(n: number): string {
  return `de0de0${n.toString(16).padStart(4, "0")}`.padEnd(64, "0");
}
