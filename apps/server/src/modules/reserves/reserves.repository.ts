import { sql } from "drizzle-orm";
import { type DbOrTx, queryRows } from "../../db/client";
import type { PlacedLeaf } from "./merkle-sum-tree";

/** The reserves tables (ADR 067): snapshots, their leaves and assets, refused snapshots. */

export interface MemberHoldingRow {
  id: string;
  usdt: string;
  views: string;
}

/**
 * Per member: USDT and views in all their own accounts (available, pending withdrawal, on hold)
 * plus the views they listed on open marketplace offers (their own until sold).
 */
export function memberHoldings(db: DbOrTx) {
  return queryRows<MemberHoldingRow>(
    db,
    sql`select h.id::text as id, sum(h.usdt)::text as usdt, sum(h.views)::text as views from (
          select a.profile_id as id,
                 case when a.currency = 'USDT' then a.balance else 0 end as usdt,
                 case when a.currency = 'VIEWS' then a.balance else 0 end as views
            from ledger_accounts a where a.profile_id is not null
          union all
          select o.seller_id, 0, o.views_quantity from market_offers o where o.status = 'OPEN'
        ) h group by h.id`,
  );
}

export interface SnapshotRow {
  id: string;
  taken_at: Date | string;
  root: string;
  total_micro_usdt: string;
  member_count: number;
  leaf_count: number;
  micro_usdt_per_view: string;
  assets_micro_usdt: string;
}

export interface AssetRow {
  network: string;
  address: string;
  kind: "hot" | "cold";
  token: string;
  block_number: string;
  decimals: number;
  raw: string;
  micro_usdt: string;
  message: string;
  signature: string | null;
  counted: boolean;
  explorer_url: string;
}

export interface NewSnapshot {
  id: string;
  takenAt: Date;
  trigger: "schedule" | "admin" | "start";
  takenBy: string | null;
  root: string;
  total: bigint;
  memberCount: number;
  leafCount: number;
  microUsdtPerView: bigint;
  ledgerUsdt: bigint;
  ledgerViews: bigint;
  assetsMicroUsdt: bigint;
  readMs: number;
  treeMs: number;
}

export async function insertSnapshot(tx: DbOrTx, s: NewSnapshot): Promise<void> {
  await queryRows(
    tx,
    sql`insert into reserve_snapshots (id, taken_at, trigger, taken_by, root, total_micro_usdt,
          member_count, leaf_count, micro_usdt_per_view, ledger_usdt, ledger_views,
          assets_micro_usdt, read_ms, tree_ms)
        values (${s.id}, ${s.takenAt.toISOString()}::timestamptz, ${s.trigger}, ${s.takenBy},
          ${s.root}, ${s.total.toString()}::bigint, ${s.memberCount}, ${s.leafCount},
          ${s.microUsdtPerView.toString()}::bigint, ${s.ledgerUsdt.toString()}::bigint,
          ${s.ledgerViews.toString()}::bigint, ${s.assetsMicroUsdt.toString()}::bigint,
          ${s.readMs}, ${s.treeMs})`,
  );
}

const pgArray = (values: readonly string[]) => `{${values.join(",")}}`;
const LEAF_BATCH = 10_000;

/** The leaves in batches (position in `leaves` = leaf index). */
export async function insertLeaves(
  tx: DbOrTx,
  snapshotId: string,
  leaves: readonly PlacedLeaf[],
): Promise<void> {
  for (let start = 0; start < leaves.length; start += LEAF_BATCH) {
    const batch = leaves.slice(start, start + LEAF_BATCH);
    await queryRows(
      tx,
      sql`insert into reserve_leaves (snapshot_id, profile_id, leaf_index, nonce, balance)
          select ${snapshotId}::uuid, l.profile_id, l.leaf_index, l.nonce, l.balance
            from unnest(${pgArray(batch.map((l) => l.memberId))}::uuid[],
                        ${pgArray(batch.map((_, i) => String(start + i)))}::int[],
                        ${pgArray(batch.map((l) => l.nonce))}::text[],
                        ${pgArray(batch.map((l) => l.balance.toString()))}::bigint[])
              as l(profile_id, leaf_index, nonce, balance)`,
    );
  }
}

export async function insertAssets(
  tx: DbOrTx,
  snapshotId: string,
  assets: readonly AssetRow[],
): Promise<void> {
  for (const [position, a] of assets.entries()) {
    await queryRows(
      tx,
      sql`insert into reserve_assets (snapshot_id, position, network, address, kind, token,
            block_number, decimals, raw, micro_usdt, message, signature, counted, explorer_url)
          values (${snapshotId}, ${position}, ${a.network}, ${a.address}, ${a.kind}, ${a.token},
            ${a.block_number}::numeric, ${a.decimals}, ${a.raw}::numeric, ${a.micro_usdt}::bigint,
            ${a.message}, ${a.signature}, ${a.counted}, ${a.explorer_url})`,
    );
  }
}

export async function insertAlert(
  db: DbOrTx,
  alert: { at: Date; trigger: string; reason: string },
): Promise<void> {
  await queryRows(
    db,
    sql`insert into reserve_alerts (at, trigger, reason)
        values (${alert.at.toISOString()}::timestamptz, ${alert.trigger}, ${alert.reason})`,
  );
}

/** The newest refused snapshot, if any came after the newest snapshot taken. */
export async function openAlert(db: DbOrTx) {
  const [row] = await queryRows<{ at: Date | string; reason: string }>(
    db,
    sql`select a.at, a.reason from reserve_alerts a
         where a.at > coalesce((select max(taken_at) from reserve_snapshots), '-infinity')
         order by a.at desc limit 1`,
  );
  return row;
}

const SNAPSHOT_COLUMNS = sql`id::text, taken_at, root, total_micro_usdt::text, member_count,
  leaf_count, micro_usdt_per_view::text, assets_micro_usdt::text`;

export function recentSnapshots(db: DbOrTx, limit: number) {
  return queryRows<SnapshotRow>(
    db,
    sql`select ${SNAPSHOT_COLUMNS} from reserve_snapshots order by taken_at desc, id limit ${limit}`,
  );
}

export async function snapshotById(db: DbOrTx, id: string) {
  const [row] = await queryRows<SnapshotRow>(
    db,
    sql`select ${SNAPSHOT_COLUMNS} from reserve_snapshots where id = ${id}`,
  );
  return row;
}

export function assetsOf(db: DbOrTx, snapshotId: string) {
  return queryRows<AssetRow>(
    db,
    sql`select network, address, kind, token, block_number::text, decimals, raw::text,
               micro_usdt::text, message, signature, counted, explorer_url
          from reserve_assets where snapshot_id = ${snapshotId} order by position`,
  );
}

export async function leafOf(db: DbOrTx, snapshotId: string, profileId: string) {
  const [row] = await queryRows<{ leaf_index: number; nonce: string; balance: string }>(
    db,
    sql`select leaf_index, nonce, balance::text from reserve_leaves
         where snapshot_id = ${snapshotId} and profile_id = ${profileId}`,
  );
  return row;
}

/** Every leaf of a snapshot in index order (to rebuild its tree for proofs). */
export function leavesOf(db: DbOrTx, snapshotId: string) {
  return queryRows<{ profile_id: string; nonce: string; balance: string }>(
    db,
    sql`select profile_id::text, nonce, balance::text from reserve_leaves
         where snapshot_id = ${snapshotId} order by leaf_index`,
  );
}
