import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { ledgerAccounts, profiles, viewRequestDays, viewRequests } from "../../db/schema";

/** Any fixed 64-bit number: the advisory lock that serialises the matching pool. */
const POOL_LOCK_KEY = 7_384_192_005;

export interface ViewRequestRow {
  id: string;
  requesterId: string;
  dailyCount: number;
  status: "PENDING" | "MATCHED";
  matchedWith: string | null;
  matchedUsername: string | null;
  matchedAt: Date | null;
  createdAt: Date;
}

type Raw = Record<keyof ViewRequestRow, unknown>;

const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

function toRow(r: Raw): ViewRequestRow {
  return {
    id: String(r.id),
    requesterId: String(r.requesterId),
    dailyCount: Number(r.dailyCount),
    status: r.status as ViewRequestRow["status"],
    matchedWith: r.matchedWith ? String(r.matchedWith) : null,
    matchedUsername: r.matchedUsername ? String(r.matchedUsername) : null,
    matchedAt: date(r.matchedAt),
    createdAt: new Date(r.createdAt as string),
  };
}

const COLUMNS = sql`r.id, r.requester_id as "requesterId", r.daily_count as "dailyCount", r.status,
  r.matched_with as "matchedWith", m.username as "matchedUsername", r.matched_at as "matchedAt",
  r.created_at as "createdAt"`;

/** Held until the transaction ends: requests join and leave the pool one at a time. */
export async function lockPool(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${POOL_LOCK_KEY}::bigint)`);
}

/** Takes the member's next request number of `day`, unless `limit` is reached (undefined). */
export async function takeDailySlot(
  tx: DbOrTx,
  userId: string,
  day: string,
  limit: number,
): Promise<number | undefined> {
  const rows = await queryRows<{ count: number }>(
    tx,
    sql`insert into ${viewRequestDays} as d (user_id, day, count) values (${userId}::uuid, ${day}::date, 1)
        on conflict (user_id, day) do update set count = d.count + 1 where d.count < ${limit}
        returning count`,
  );
  return rows[0] ? Number(rows[0].count) : undefined;
}

export async function countOn(db: DbOrTx, userId: string, day: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from ${viewRequestDays} where user_id = ${userId}::uuid and day = ${day}::date`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** The oldest waiting request of another member (first in, first out), locked. */
export async function oldestPendingOf(
  tx: DbOrTx,
  notRequester: string,
): Promise<{ id: string; requesterId: string } | undefined> {
  const rows = await queryRows<{ id: string; requesterId: string }>(
    tx,
    sql`select id, requester_id as "requesterId" from ${viewRequests}
        where status = 'PENDING' and requester_id <> ${notRequester}::uuid
        order by created_at, id limit 1 for update`,
  );
  return rows[0];
}

/**
 * Locks the members' views accounts in ascending id order before the two postings of a match,
 * so this transaction takes its account locks in the same order as every single posting.
 */
export async function lockViewAccounts(tx: DbOrTx, profileIds: string[]): Promise<void> {
  await tx.execute(
    sql`select id from ${ledgerAccounts}
        where kind = 'member' and currency = 'VIEWS'
          and profile_id in (${sql.join(
            profileIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        order by id for update`,
  );
}

export async function insertRequest(
  tx: DbOrTx,
  values: typeof viewRequests.$inferInsert,
): Promise<string> {
  const [row] = await tx.insert(viewRequests).values(values).returning({ id: viewRequests.id });
  if (!row) throw new Error("view request insert returned no row");
  return row.id;
}

export async function markMatched(
  tx: DbOrTx,
  opts: {
    id: string;
    matchedWith: string;
    matchedRequestId: string;
    at: Date;
    ledgerTransactionId: string;
  },
): Promise<void> {
  await tx.execute(
    sql`update ${viewRequests} set status = 'MATCHED', matched_with = ${opts.matchedWith}::uuid,
          matched_request_id = ${opts.matchedRequestId}::uuid,
          matched_at = ${opts.at.toISOString()}::timestamptz,
          match_ledger_transaction_id = ${opts.ledgerTransactionId}::uuid
        where id = ${opts.id}::uuid and status = 'PENDING'`,
  );
}

export async function findRequest(db: DbOrTx, id: string): Promise<ViewRequestRow | undefined> {
  const rows = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from ${viewRequests} r left join ${profiles} m on m.id = r.matched_with
        where r.id = ${id}::uuid`,
  );
  return rows[0] ? toRow(rows[0]) : undefined;
}

export async function requestsOf(
  db: DbOrTx,
  userId: string,
  limit: number,
): Promise<ViewRequestRow[]> {
  const rows = await queryRows<Raw>(
    db,
    sql`select ${COLUMNS} from ${viewRequests} r left join ${profiles} m on m.id = r.matched_with
        where r.requester_id = ${userId}::uuid order by r.created_at desc, r.id desc limit ${limit}`,
  );
  return rows.map(toRow);
}
