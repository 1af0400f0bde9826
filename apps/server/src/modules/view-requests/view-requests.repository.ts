import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import { profiles, viewRequestDays, viewRequests } from "../../db/schema";

/** Any fixed 64-bit number: the advisory lock that serialises the matching pool. */
const POOL_LOCK_KEY = 7_384_192_005;

export interface ViewRequestRow {
  id: string;
  requesterId: string;
  dailyCount: number;
  status: "PENDING" | "MATCHED" | "CANCELLED";
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

export async function countOn(db: DbOrTx, userId: string, day: string): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from ${viewRequestDays} where user_id = ${userId}::uuid and day = ${day}::date`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** The member's waiting requests, locked (to cancel them). */
export async function pendingIdsOf(tx: DbOrTx, requesterId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from ${viewRequests}
        where requester_id = ${requesterId}::uuid and status = 'PENDING' order by id for update`,
  );
  return rows.map((r) => r.id);
}

export async function markCancelled(
  tx: DbOrTx,
  opts: { ids: string[]; at: Date; refundLedgerTransactionId: string },
): Promise<void> {
  await tx.execute(
    sql`update ${viewRequests} set status = 'CANCELLED', cancelled_at = ${opts.at.toISOString()}::timestamptz,
          refund_ledger_transaction_id = ${opts.refundLedgerTransactionId}::uuid
        where id in (${sql.join(
          opts.ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and status = 'PENDING'`,
  );
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
