import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * Proof of reserves (ADR 067, ADR 068). A snapshot is written whole or not at all: the root and
 * total of its Merkle sum tree, the ledger's figures it was checked against, the rate views were
 * counted at, and the reserves read on chain.
 */
export const reserveSnapshots = pgTable(
  "reserve_snapshots",
  {
    id: uuid("id").primaryKey(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    trigger: text("trigger", { enum: ["schedule", "admin", "start"] }).notNull(),
    takenBy: uuid("taken_by").references(() => profiles.id, { onDelete: "set null" }),
    root: text("root").notNull(),
    totalMicroUsdt: bigint("total_micro_usdt", { mode: "bigint" }).notNull(),
    memberCount: integer("member_count").notNull(),
    leafCount: integer("leaf_count").notNull(),
    microUsdtPerView: bigint("micro_usdt_per_view", { mode: "bigint" }).notNull(),
    /** What the members' accounts held in the snapshot's transaction (ledger_verify's figures). */
    ledgerUsdt: bigint("ledger_usdt", { mode: "bigint" }).notNull(),
    ledgerViews: bigint("ledger_views", { mode: "bigint" }).notNull(),
    assetsMicroUsdt: bigint("assets_micro_usdt", { mode: "bigint" }).notNull(),
    /** How long the read and the tree took (ms), for the operators. */
    readMs: integer("read_ms").notNull(),
    treeMs: integer("tree_ms").notNull(),
  },
  (t) => [
    index("reserve_snapshots_taken_idx").on(t.takenAt),
    check("reserve_snapshots_total_check", sql`${t.totalMicroUsdt} >= 0`),
  ],
);

/** Each member's leaf: where it sits in the shuffled tree, its nonce and its balance. */
export const reserveLeaves = pgTable(
  "reserve_leaves",
  {
    snapshotId: uuid("snapshot_id")
      .notNull()
      .references(() => reserveSnapshots.id, { onDelete: "cascade" }),
    profileId: uuid("profile_id").notNull(),
    leafIndex: integer("leaf_index").notNull(),
    nonce: text("nonce").notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.profileId] }),
    uniqueIndex("reserve_leaves_index_idx").on(t.snapshotId, t.leafIndex),
    check("reserve_leaves_balance_check", sql`${t.balance} >= 0`),
  ],
);

/** A reserve address read on chain for a snapshot, with its signed message. */
export const reserveAssets = pgTable(
  "reserve_assets",
  {
    snapshotId: uuid("snapshot_id")
      .notNull()
      .references(() => reserveSnapshots.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    network: text("network").notNull(),
    address: text("address").notNull(),
    kind: text("kind", { enum: ["hot", "cold"] }).notNull(),
    token: text("token").notNull(),
    blockNumber: numeric("block_number", { precision: 30, scale: 0 }).notNull(),
    decimals: integer("decimals").notNull(),
    raw: numeric("raw", { precision: 78, scale: 0 }).notNull(),
    microUsdt: bigint("micro_usdt", { mode: "bigint" }).notNull(),
    message: text("message").notNull(),
    signature: text("signature"),
    counted: boolean("counted").notNull(),
    explorerUrl: text("explorer_url").notNull(),
  },
  (t) => [primaryKey({ columns: [t.snapshotId, t.position] })],
);

/** A snapshot that was refused (a negative liability, an unbalanced ledger): staff are alerted. */
export const reserveAlerts = pgTable("reserve_alerts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: timestamp("at", { withTimezone: true }).notNull(),
  trigger: text("trigger").notNull(),
  reason: text("reason").notNull(),
});
