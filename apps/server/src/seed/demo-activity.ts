import { randomBytes } from "node:crypto";
import { HOLD, MICRO_PER_USDT, TRANSFER, VIDEO, VIEW_REQUEST, WITHDRAWAL } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { type DbOrTx, queryRows } from "../db/client";
import { createAccount } from "../modules/auth/create-account";
import { postTransaction } from "../modules/ledger/ledger.service";
import type { SeedOptions } from "./seed-options";

/**
 * A few weeks of demo activity (ADR 052), so a fresh `npm start` shows a ranking with
 * several members, USDT moving between members and a transparency chart that is not flat.
 * Everything goes through the ledger and the money commands a member's action runs — watch
 * rewards (ledger_post), view requests that match (vv_view_request), transfers (vv_transfer),
 * marketplace purchases (vv_market_list, vv_market_buy) and payouts (vv_withdraw_request, take,
 * complete by the demo admin) — dated over the past HISTORY_DAYS (ADR 052). Deterministic (a
 * fixed pseudo-random sequence), once per database, in one transaction.
 *
 * The leaders are COMMUNITY members nobody can sign in as (random passwords, never printed); the
 * demo logins earn a little, below the first milestone, and the annual prize stays with the demo
 * winner (demo-events.ts).
 */
export const HISTORY_DAYS = 28;
/** Marks the history's starting grants: present once the history was written. */
const MARK = "v1";

export const COMMUNITY = ["lucas", "marina", "rafael", "sofia"] as const;
/** Demo logins that take part (diego, the annual winner, already leads "all time"). */
const LOGINS = ["demo", "alice", "bruno", "carla", "emma", "felipe"] as const;

const usdt = (n: number) => BigInt(Math.round(n * 100)) * (MICRO_PER_USDT / 100n);

/** mulberry32: the same sequence on every machine, so every demo has the same history. */
function sequence(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

const DAY_MS = 86_400_000;

export async function seedDemoActivity(db: Db, opts: SeedOptions): Promise<void> {
  const [done] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from ledger_transactions where memo ->> 'demoHistory' = ${MARK} limit 1`,
  );
  if (done) return;
  const ids = new Map<string, string>();
  for (const [i, username] of COMMUNITY.entries()) {
    const { profile } = await createAccount(db, {
      username,
      email: `${username}@viewvault.local`,
      // Nobody signs in as a community member: the password is random and never shown.
      password: randomBytes(24).toString("base64url"),
      role: "member",
      locale: i % 2 ? "en" : "pt-BR",
    });
    ids.set(username, profile.id);
  }
  const named = await queryRows<{ id: string; username: string; role: string }>(
    db,
    sql`select id, lower(username) as username, role from profiles
        where lower(username) in ('demo', 'alice', 'bruno', 'carla', 'emma', 'felipe', 'admin')`,
  );
  for (const row of named) ids.set(row.username, row.id);
  const admin = ids.get("admin");
  const logins = LOGINS.filter((u) => ids.has(u));
  const id = (username: string) => ids.get(username) as string;

  const started = Date.now();
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rand = sequence(27);
  let ops = 0;
  await db.transaction(async (tx) => {
    /** Ledger entry ranges (after the previous op, up to and including this one) and their time. */
    const dated: Array<{ upTo: string; at: Date }> = [];
    const lastEntry = async () =>
      (
        await queryRows<{ id: string }>(
          tx,
          sql`select coalesce(max(id), 0)::text as id from ledger_entries`,
        )
      )[0]?.id ?? "0";
    const record = async (at: Date) => {
      dated.push({ upTo: await lastEntry(), at });
      ops++;
    };
    const firstEntry = await lastEntry();
    /** Whether a member can pay this now (the history never tries what would be refused). */
    const canPay = async (username: string, currency: "VIEWS" | "USDT", amount: bigint) => {
      const [row] = await queryRows<{ balance: string }>(
        tx,
        sql`select balance::text from ledger_accounts
            where profile_id = ${id(username)}::uuid and kind = 'member' and currency = ${currency}`,
      );
      return BigInt(row?.balance ?? "0") >= amount;
    };

    // The community's starting balances, the day before the history starts.
    const start = new Date(today - (HISTORY_DAYS + 1) * DAY_MS + 8 * 3_600_000);
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

    for (let ago = HISTORY_DAYS; ago >= 1; ago--) {
      const dayStart = today - ago * DAY_MS;
      const day = new Date(dayStart).toISOString().slice(0, 10);
      let minute = 8 * 60 + rand.int(0, 50);
      /** The next moment of the day: activity spreads from morning to night, in order. */
      const next = () => {
        minute = Math.min(minute + rand.int(9, 40), 23 * 60 + 50);
        return new Date(dayStart + minute * 60_000);
      };

      // Watching: the day's credited sessions of each member, in one posting for the day (no
      // session rows stand behind demo history, as the demo videos' watched counts). Busier at
      // weekends.
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

      // View requests, in pairs so each one matches (nothing is left waiting for a real member).
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

      // A USDT transfer most days; views now and then.
      if (rand.next() < 0.7) {
        const from = rand.pick(COMMUNITY);
        const to = rand.next() < 0.5 && logins.length ? rand.pick(logins) : rand.pick(COMMUNITY);
        const amount = TRANSFER.minMicroUsdt + usdt(rand.int(0, 12) * 5);
        if (from !== to && (await canPay(from, "USDT", amount))) {
          await queryRows(
            tx,
            sql`select vv_transfer(${id(from)}::uuid, null, 'seed', 'seed', ${id(to)}, 'USDT',
                  ${amount}::bigint, ${from}) as r`,
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
                  ${amount}::bigint, ${from}) as r`,
          );
          await record(next());
        }
      }

      // A marketplace trade every few days: a community member sells views, another buys them.
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

      // A payout a week (the minimum, within an unverified member's daily limit), taken and
      // completed by the demo admin.
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

    await backdate(tx, firstEntry, dated, new Date(today - (HISTORY_DAYS + 2) * DAY_MS), opts);
    // E-mails the history's commands queued (a transfer received, a payout sent …) belong to
    // weeks ago: nobody is told about them now.
    await queryRows(tx, sql`delete from mail_outbox where created_at = now() returning id`);
  });
  opts.log(
    `demo activity: ${HISTORY_DAYS} days of history (${ops} money operations) in ${Date.now() - started} ms`,
  );
}

/** A recognisably fake TRON address per community member (base58 alphabet, 34 characters). */
function demoAddress(username: string): string {
  return `TDemo${username.replace(/[^a-km-zA-HJ-NP-Z1-9]/g, "x")}`.padEnd(34, "z");
}

/** A recognisably fake transaction hash (64 hex digits). */
function demoTxHash(n: number): string {
  return `de0de0${n.toString(16).padStart(4, "0")}`.padEnd(64, "0");
}

/**
 * Dates the history: each ledger entry (and its transaction, and the transfer it records) takes
 * the time of the operation that wrote it; the demo logins' starting balances move before it, so
 * the running balances read in order of time as they do in order of posting. The ledger is
 * append-only (a trigger refuses UPDATE): this one seed step sets `session_replication_role` to
 * `replica` for its own transaction, which a superuser may (the embedded database's role).
 * Without that right the history stays dated today (ADR 052).
 */
async function backdate(
  tx: DbOrTx,
  after: string,
  dated: Array<{ upTo: string; at: Date }>,
  startingBalancesAt: Date,
  opts: SeedOptions,
): Promise<void> {
  const [role] = await queryRows<{ superuser: string }>(
    tx,
    sql`select current_setting('is_superuser') as superuser`,
  );
  if (role?.superuser !== "on") {
    opts.log("demo activity: not a superuser, so the history is dated today");
    return;
  }
  const ranges = dated.map((d, i) => ({
    lo: i === 0 ? after : (dated[i - 1]?.upTo ?? after),
    hi: d.upTo,
    at: d.at.toISOString(),
  }));
  await queryRows(tx, sql`set local session_replication_role = replica`);
  await queryRows(
    tx,
    sql`with r as (select * from jsonb_to_recordset(${JSON.stringify(ranges)}::jsonb)
          as r(lo bigint, hi bigint, at timestamptz))
        update ledger_entries e set created_at = r.at from r
        where e.id > r.lo and e.id <= r.hi returning e.id`,
  );
  await queryRows(
    tx,
    sql`update ledger_transactions t set created_at = e.created_at
        from (select distinct transaction_id, created_at from ledger_entries where id > ${after}::bigint) e
        where t.id = e.transaction_id returning t.id`,
  );
  await queryRows(
    tx,
    sql`update user_transfers u set created_at = t.created_at from ledger_transactions t
        where t.id = u.ledger_transaction_id and u.created_at = now() returning u.id`,
  );
  // The demo logins' starting balances (demo-balances.ts), posted just before: before the history.
  await queryRows(
    tx,
    sql`update ledger_transactions set created_at = ${startingBalancesAt.toISOString()}::timestamptz
        where kind = 'adjustment' and memo ? 'demo' and not memo ? 'demoHistory' returning id`,
  );
  await queryRows(
    tx,
    sql`update ledger_entries e set created_at = t.created_at from ledger_transactions t
        where t.id = e.transaction_id and t.kind = 'adjustment' and t.memo ? 'demo'
          and not t.memo ? 'demoHistory' returning e.id`,
  );
  await queryRows(tx, sql`set local session_replication_role = origin`);
}
