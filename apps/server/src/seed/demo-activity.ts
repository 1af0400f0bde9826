import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryRows } from "../db/client";
import { createAccount } from "../modules/auth/create-account";
import { backdate } from "./demo-activity-backdate";
import {
  COMMUNITY,
  DAY_MS,
  type History,
  MARK,
  type Sequence,
  seedHistoryDay,
  seedStartingBalances,
} from "./demo-activity-day";
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

/** Demo logins that take part (diego, the annual winner, already leads "all time"). */
const LOGINS = ["demo", "alice", "bruno", "carla", "emma", "felipe"] as const;

/** mulberry32: the same sequence on every machine, so every demo has the same history. */
function sequence(seed: number): Sequence {
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

/** Creates the community members and finds the demo logins and the admin: ids by username. */
async function memberIds(db: Db): Promise<Map<string, string>> {
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
  return ids;
}

export async function seedDemoActivity(db: Db, opts: SeedOptions): Promise<void> {
  const [done] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from ledger_transactions where memo ->> 'demoHistory' = ${MARK} limit 1`,
  );
  if (done) return;
  const ids = await memberIds(db);
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
    const firstEntry = await lastEntry();
    const history: History = {
      tx,
      rand,
      id,
      logins,
      admin,
      async record(at) {
        dated.push({ upTo: await lastEntry(), at });
        ops++;
      },
      async canPay(username, currency, amount) {
        const [row] = await queryRows<{ balance: string }>(
          tx,
          sql`select balance::text from ledger_accounts
              where profile_id = ${id(username)}::uuid and kind = 'member' and currency = ${currency}`,
        );
        return BigInt(row?.balance ?? "0") >= amount;
      },
    };

    await seedStartingBalances(
      history,
      new Date(today - (HISTORY_DAYS + 1) * DAY_MS + 8 * 3_600_000),
    );
    for (let ago = HISTORY_DAYS; ago >= 1; ago--) await seedHistoryDay(history, today, ago);

    await backdate(tx, firstEntry, dated, new Date(today - (HISTORY_DAYS + 2) * DAY_MS), opts);
    // E-mails the history's commands queued (a transfer received, a payout sent …) belong to
    // weeks ago: nobody is told about them now.
    await queryRows(tx, sql`delete from mail_outbox where created_at = now() returning id`);
  });
  opts.log(
    `demo activity: ${HISTORY_DAYS} days of history (${ops} money operations) in ${Date.now() - started} ms`,
  );
}
