import {
  type Network,
  RESERVES,
  type TInclusionProof,
  type TReserveAsset,
  type TReservesFile,
  type TReservesPage,
  type TReservesSnapshot,
} from "@viewvault/shared";
import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { buildSumTree, proofPath, type SumTree } from "./merkle-sum-tree";
import {
  type AssetRow,
  assetsOf,
  leafOf,
  leavesOf,
  openAlert,
  recentSnapshots,
  type SnapshotRow,
  snapshotById,
} from "./reserves.repository";

/** What /reserves shows and what a member's proof is made of (ADR 067, ADR 068). */

const iso = (value: Date | string) => new Date(value).toISOString();

/** Assets ÷ liabilities in basis points, rounded down; null when nothing is owed. */
export function coverageBasisPoints(assets: bigint, liabilities: bigint): number | null {
  if (liabilities === 0n) return null;
  return Number((assets * 10_000n) / liabilities);
}

function historyItem(row: SnapshotRow): Omit<TReservesSnapshot, "assets"> {
  return {
    id: row.id,
    takenAt: iso(row.taken_at),
    root: row.root,
    totalMicroUsdt: row.total_micro_usdt,
    memberCount: row.member_count,
    leafCount: row.leaf_count,
    microUsdtPerView: row.micro_usdt_per_view,
    assetsMicroUsdt: row.assets_micro_usdt,
    coverageBasisPoints: coverageBasisPoints(
      BigInt(row.assets_micro_usdt),
      BigInt(row.total_micro_usdt),
    ),
  };
}

function assetDto(row: AssetRow): TReserveAsset {
  return {
    network: row.network as Network,
    address: row.address,
    kind: row.kind,
    token: row.token,
    blockNumber: row.block_number,
    decimals: row.decimals,
    raw: row.raw,
    microUsdt: row.micro_usdt,
    message: row.message,
    signature: row.signature,
    counted: row.counted,
    explorerUrl: row.explorer_url,
  };
}

async function withAssets(db: DbOrTx, row: SnapshotRow): Promise<TReservesSnapshot> {
  return { ...historyItem(row), assets: (await assetsOf(db, row.id)).map(assetDto) };
}

/** The latest snapshot with its reserves, and the history (newest first). */
export async function reservesPage(db: DbOrTx): Promise<TReservesPage> {
  const rows = await recentSnapshots(db, RESERVES.historyShown);
  const [latest] = rows;
  return {
    latest: latest ? await withAssets(db, latest) : null,
    history: rows.map(historyItem),
  };
}

async function snapshotRow(db: DbOrTx, snapshotId: string | "latest"): Promise<SnapshotRow> {
  const row =
    snapshotId === "latest"
      ? (await recentSnapshots(db, 1))[0]
      : await snapshotById(db, snapshotId);
  if (!row) throw new AppError("NOT_FOUND", { context: "reservesSnapshot" });
  return row;
}

/** The downloadable public file of one snapshot. */
export async function reservesFile(
  db: DbOrTx,
  snapshotId: string | "latest",
): Promise<TReservesFile> {
  const row = await snapshotRow(db, snapshotId);
  return { format: "viewvault-reserves/v1", ...(await withAssets(db, row)) };
}

/**
 * Trees rebuilt from their stored leaves, the newest few kept: a proof is a walk up the tree,
 * and the leaves (index, nonce, balance) are all that is stored.
 */
class TreeCache {
  private readonly trees = new Map<string, Promise<SumTree>>();

  get(db: DbOrTx, snapshotId: string, leafCount: number): Promise<SumTree> {
    let tree = this.trees.get(snapshotId);
    if (!tree) {
      tree = leavesOf(db, snapshotId).then((rows) => {
        const built = buildSumTree(
          snapshotId,
          rows.map((r) => ({ memberId: r.profile_id, nonce: r.nonce, balance: BigInt(r.balance) })),
        );
        if (built.leafCount !== leafCount)
          throw new Error(`reserves: snapshot ${snapshotId} is damaged`);
        return built;
      });
      tree.catch(() => this.trees.delete(snapshotId));
      this.trees.set(snapshotId, tree);
      while (this.trees.size > 2) this.trees.delete(this.trees.keys().next().value as string);
    }
    return tree;
  }
}
const trees = new TreeCache();

/** The signed-in member's leaf and path to the root in a snapshot (the latest by default). */
export async function inclusionProof(
  db: DbOrTx,
  snapshotId: string | "latest",
  profileId: string,
): Promise<TInclusionProof> {
  const row = await snapshotRow(db, snapshotId);
  const leaf = await leafOf(db, row.id, profileId);
  if (!leaf) throw new AppError("NOT_FOUND", { context: "reservesLeaf" });
  const tree = await trees.get(db, row.id, row.leaf_count);
  if (tree.root !== row.root)
    throw new Error(`reserves: snapshot ${row.id} does not rebuild to its root`);
  return {
    format: "viewvault-inclusion/v1",
    snapshotId: row.id,
    takenAt: iso(row.taken_at),
    root: row.root,
    total: row.total_micro_usdt,
    leafCount: row.leaf_count,
    leaf: { memberId: profileId, nonce: leaf.nonce, balance: leaf.balance, index: leaf.leaf_index },
    path: proofPath(tree, leaf.leaf_index),
  };
}

/** The newest refused snapshot not followed by a good one (the admin overview shows it). */
export async function reservesAlert(db: DbOrTx): Promise<{ at: string; reason: string } | null> {
  const alert = await openAlert(db);
  return alert ? { at: iso(alert.at), reason: alert.reason } : null;
}
