import type { Network } from "@viewvault/shared";
import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import {
  manualClaims,
  payoutSends,
  payoutVerifiedNetworks,
  withdrawalTimeline,
} from "../../db/schema";

export type PayoutSendRow = typeof payoutSends.$inferSelect;

/** Withdrawals the chain is confirming, the longest-waiting first. */
export function confirmingClaims(db: DbOrTx, limit: number) {
  return db
    .select({
      id: manualClaims.id,
      userId: manualClaims.userId,
      network: manualClaims.network,
      txHash: manualClaims.txHash,
      confirmations: manualClaims.confirmations,
      goneSince: manualClaims.goneSince,
    })
    .from(manualClaims)
    .where(eq(manualClaims.status, "CONFIRMING"))
    .orderBy(asc(manualClaims.updatedAt))
    .limit(limit);
}

/** Withdrawals by state, and when the oldest still confirming was sent (its timeline's step). */
export async function payoutStates(db: DbOrTx) {
  const byState = await db
    .select({ status: manualClaims.status, n: sql<number>`count(*)::int` })
    .from(manualClaims)
    .groupBy(manualClaims.status);
  // Since its (last) hash was sent: the newest "sent" step of each claim still confirming.
  const [oldest] = await queryRows<{ at: string | Date | null }>(
    db,
    sql`select min(s.at) as at from (select max(t.created_at) as at from ${withdrawalTimeline} t
          join ${manualClaims} c on c.id = t.withdrawal_id
          where c.status = 'CONFIRMING' and t.step = 'sent' group by c.id) s`,
  );
  return { byState, oldestConfirmingAt: oldest?.at ? new Date(oldest.at) : null };
}

/** Whether this staff member's Idempotency-Key already ran (its answer replays, nothing new). */
export async function keyUsed(db: DbOrTx, profileId: string, key: string | null): Promise<boolean> {
  if (!key) return false;
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from idempotency_keys where profile_id = ${profileId} and key = ${key}`,
  );
  return rows.length > 0;
}

/** Whether an admin approved this withdrawal (the four-eyes rule, before sending). */
export async function isApproved(db: DbOrTx, claimId: string): Promise<boolean> {
  const [row] = await db
    .select({ approvedAt: manualClaims.approvedAt })
    .from(manualClaims)
    .where(eq(manualClaims.id, claimId));
  return Boolean(row?.approvedAt);
}

/** The withdrawal's live hot-wallet send (not replaced, not gone), if any. */
export async function liveSendOf(db: DbOrTx, claimId: string): Promise<PayoutSendRow | undefined> {
  const [row] = await db
    .select()
    .from(payoutSends)
    .where(
      and(
        eq(payoutSends.withdrawalId, claimId),
        isNull(payoutSends.replacedBy),
        isNull(payoutSends.goneAt),
      ),
    );
  return row;
}

/** Every send of the withdrawal not yet gone (the live one and those it replaced). */
export function sendsOf(db: DbOrTx, claimId: string): Promise<PayoutSendRow[]> {
  return db
    .select()
    .from(payoutSends)
    .where(and(eq(payoutSends.withdrawalId, claimId), isNull(payoutSends.goneAt)))
    .orderBy(asc(payoutSends.createdAt));
}

/** Sends recorded but never seen broadcast (a crash between the commit and the broadcast). */
export function unbroadcastSends(db: DbOrTx): Promise<PayoutSendRow[]> {
  return db
    .select()
    .from(payoutSends)
    .where(
      and(
        isNull(payoutSends.broadcastAt),
        isNull(payoutSends.replacedBy),
        isNull(payoutSends.goneAt),
      ),
    )
    .orderBy(asc(payoutSends.createdAt));
}

export async function markBroadcast(db: DbOrTx, sendId: string, at: Date): Promise<void> {
  await db
    .update(payoutSends)
    .set({ broadcastAt: at })
    .where(and(eq(payoutSends.id, sendId), isNull(payoutSends.broadcastAt)));
}

/** What the hot wallet sent today on a network (each withdrawal once), micro-USDT. */
export async function sentToday(db: DbOrTx, network: string, dayStart: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payoutSends.amountUsdt}), 0)::text` })
    .from(payoutSends)
    .where(
      and(
        eq(payoutSends.network, network as "ERC20"),
        gte(payoutSends.createdAt, dayStart),
        isNull(payoutSends.replacedBy),
        isNull(payoutSends.goneAt),
      ),
    );
  return BigInt(row?.total ?? "0");
}

/**
 * The networks the server verifies on chain, written from the configuration at start (ADR 073):
 * exactly these rows afterwards, in one statement.
 */
export async function writeVerifiedNetworks(db: DbOrTx, networks: Network[]): Promise<void> {
  const list = networks.join(",");
  await db.execute(
    sql`with gone as (delete from ${payoutVerifiedNetworks}
          where network <> all(string_to_array(${list}, ',')))
        insert into ${payoutVerifiedNetworks} (network)
        select unnest(string_to_array(${list}, ',')) on conflict do nothing`,
  );
}
