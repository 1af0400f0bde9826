import { randomUUID } from "node:crypto";
import { RATES } from "@viewvault/shared";
import { sql } from "drizzle-orm";
import { type Db, type DbOrTx, queryRows } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { recordAuditEvent } from "../audit/audit.service";
import type { StaffActor } from "../audit/staff-actor";
import type { Chains } from "../chain/chain.types";
import { balancesByKind } from "../ledger/ledger-invariants.repository";
import { buildSumTree, type MemberLiability, placeLeaves } from "./merkle-sum-tree";
import { type ReserveAddress, readReserves } from "./reserve-assets";
import {
  insertAlert,
  insertAssets,
  insertLeaves,
  insertSnapshot,
  memberHoldings,
  recentSnapshots,
} from "./reserves.repository";

/**
 * A proof-of-reserves snapshot (ADR 067): every member's liability read in ONE repeatable-read
 * transaction together with the ledger's totals, checked against them, then the Merkle sum tree
 * (ADR 068), the reserves read on chain naming its root, and everything stored in one
 * transaction. A negative liability or a ledger that does not balance refuses the snapshot and
 * alerts staff (a row the admin overview shows, and the vv_reserves_snapshots_total metric).
 */

export interface ReservesDeps {
  db: Db;
  clock: Clock;
  chains: Chains;
  /** Addresses staff list as reserves (RESERVE_ADDRESSES), besides the hot wallets. */
  cold: readonly ReserveAddress[];
  /** Told of every outcome (metrics). */
  outcome?: (outcome: "taken" | "refused") => void;
}

export interface LedgerRead {
  liabilities: MemberLiability[];
  /** The ledger's own figures at the same instant: members' USDT and views (listed offers included). */
  ledgerUsdt: bigint;
  ledgerViews: bigint;
  /** Why the snapshot must be refused, if it must. */
  problem: string | null;
}

/** Liability in micro-USDT: USDT + views at the published rate (ADR 067). */
export const liabilityOf = (usdt: bigint, views: bigint): bigint =>
  usdt + views * RATES.microUsdtPerView;

/** Reads the members' holdings and the ledger's totals in one repeatable-read snapshot. */
export async function readLedger(db: Db): Promise<LedgerRead> {
  return db.transaction(async (tx) => {
    await queryRows(tx, sql`set transaction isolation level repeatable read, read only`);
    const holdings = await memberHoldings(tx);
    const kinds = await balancesByKind(tx);
    return checkLedger(holdings, kinds);
  });
}

function checkLedger(
  holdings: { id: string; usdt: string; views: string }[],
  kinds: { kind: string; currency: string; total: string }[],
): LedgerRead {
  const problems: string[] = [];
  const liabilities: MemberLiability[] = [];
  let usdt = 0n;
  let views = 0n;
  for (const h of holdings) {
    const u = BigInt(h.usdt);
    const v = BigInt(h.views);
    usdt += u;
    views += v;
    const balance = liabilityOf(u, v);
    if (u < 0n || v < 0n || balance < 0n)
      problems.push(`member ${h.id} has a negative liability (${u} micro-USDT, ${v} views)`);
    liabilities.push({ memberId: h.id, balance });
  }
  const total = (currency: string, which: (kind: string) => boolean) =>
    kinds
      .filter((k) => k.currency === currency && which(k.kind))
      .reduce((s, k) => s + BigInt(k.total), 0n);
  const member = (kind: string) => kind.startsWith("member");
  const ledgerUsdt = total("USDT", member);
  const ledgerViews = total("VIEWS", (k) => member(k) || k === "marketplace_escrow");
  for (const currency of ["USDT", "VIEWS"]) {
    const sum = total(currency, () => true);
    if (sum !== 0n)
      problems.push(`the ledger does not balance: ${currency} accounts sum to ${sum}`);
  }
  if (usdt !== ledgerUsdt)
    problems.push(`members hold ${usdt} micro-USDT, the ledger ${ledgerUsdt}`);
  if (views !== ledgerViews)
    problems.push(`members hold ${views} views, the ledger ${ledgerViews}`);
  return { liabilities, ledgerUsdt, ledgerViews, problem: problems[0] ?? null };
}

export interface SnapshotRequest {
  trigger: "schedule" | "admin" | "start";
  actor?: StaffActor;
}

export interface TakenSnapshot {
  id: string;
  takenAt: Date;
  root: string;
  total: bigint;
  memberCount: number;
  readMs: number;
  treeMs: number;
}

async function refuse(deps: ReservesDeps, trigger: string, reason: string): Promise<never> {
  await insertAlert(deps.db, { at: deps.clock.now(), trigger, reason });
  deps.outcome?.("refused");
  throw new AppError("RESERVES_SNAPSHOT_REFUSED", { reason });
}

/** Takes, checks and stores one snapshot; refuses (alert + AppError) when the ledger is wrong. */
export async function takeSnapshot(
  deps: ReservesDeps,
  request: SnapshotRequest,
): Promise<TakenSnapshot> {
  const started = performance.now();
  const read = await readLedger(deps.db);
  const readMs = Math.round(performance.now() - started);
  if (read.problem) return refuse(deps, request.trigger, read.problem);
  const id = randomUUID();
  const takenAt = deps.clock.now();
  const treeStarted = performance.now();
  const leaves = placeLeaves(read.liabilities);
  const tree = buildSumTree(id, leaves);
  const treeMs = Math.round(performance.now() - treeStarted);
  if (tree.total !== liabilityOf(read.ledgerUsdt, read.ledgerViews))
    return refuse(deps, request.trigger, `the tree's total ${tree.total} is not the ledger's`);
  const assets = await readReserves(deps.chains, deps.cold, {
    snapshotId: id,
    root: tree.root,
    takenAt,
  });
  const assetsMicroUsdt = assets
    .filter((a) => a.counted)
    .reduce((s, a) => s + BigInt(a.micro_usdt), 0n);
  await deps.db.transaction(async (tx) => {
    const [previous] = await recentSnapshots(tx, 1);
    await insertSnapshot(tx, {
      id,
      takenAt,
      trigger: request.trigger,
      takenBy: request.actor?.profileId ?? null,
      root: tree.root,
      total: tree.total,
      memberCount: leaves.length,
      leafCount: tree.leafCount,
      microUsdtPerView: RATES.microUsdtPerView,
      ledgerUsdt: read.ledgerUsdt,
      ledgerViews: read.ledgerViews,
      assetsMicroUsdt,
      readMs,
      treeMs,
    });
    await insertLeaves(tx, id, leaves);
    await insertAssets(tx, id, assets);
    if (request.actor)
      await auditSnapshot(tx, request.actor, takenAt, {
        id,
        root: tree.root,
        total: tree.total,
        previous: previous?.id ?? null,
      });
  });
  deps.outcome?.("taken");
  return {
    id,
    takenAt,
    root: tree.root,
    total: tree.total,
    memberCount: leaves.length,
    readMs,
    treeMs,
  };
}

function auditSnapshot(
  tx: DbOrTx,
  actor: StaffActor,
  at: Date,
  snapshot: { id: string; root: string; total: bigint; previous: string | null },
): Promise<void> {
  return recordAuditEvent(tx, {
    actorProfileId: actor.profileId,
    actorRole: actor.role,
    address: actor.address,
    reason: null,
    createdAt: at,
    action: "reserves.snapshot",
    targetProfileId: null,
    targetType: "reserve_snapshot",
    targetId: snapshot.id,
    before: { latestSnapshotId: snapshot.previous },
    after: { snapshotId: snapshot.id, root: snapshot.root, usdt: snapshot.total.toString() },
    details: { snapshotId: snapshot.id },
  });
}
