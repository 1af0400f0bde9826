import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * The member's next mystery box opening, committed before it happens (ADR 015): the server seed
 * (secret until used), its SHA-256 (shown), the member's client seed and the nonce.
 */
export const boxCommitments = pgTable(
  "box_commitments",
  {
    profileId: uuid("profile_id")
      .primaryKey()
      .references(() => profiles.id),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("box_commitments_nonce", sql`${t.nonce} >= 0`)],
);

/** Every opening with its revealed inputs and the item it gave (the member's collection). */
export const boxOpenings = pgTable(
  "box_openings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // No foreign key on this hot-path column (ADR 039): the command that writes it has just read
    // the row it names; `ledger:verify` reports any that does not exist.
    profileId: uuid("profile_id").notNull(),
    itemId: text("item_id").notNull(),
    rarity: text("rarity", { enum: ["common", "rare", "legendary"] }).notNull(),
    serverSeed: text("server_seed").notNull(),
    serverSeedHash: text("server_seed_hash").notNull(),
    clientSeed: text("client_seed").notNull(),
    nonce: integer("nonce").notNull(),
    costViews: bigint("cost_views", { mode: "bigint" }).notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Also the member's openings newest first: a nonce only grows (ADR 039).
    uniqueIndex("box_openings_profile_nonce_idx").on(t.profileId, t.nonce),
    check("box_openings_rarity", sql`${t.rarity} in ('common', 'rare', 'legendary')`),
  ],
);

/** One row per verified account: what the verification cost and its ledger transaction. */
export const accountVerifications = pgTable("account_verifications", {
  profileId: uuid("profile_id")
    .primaryKey()
    .references(() => profiles.id),
  costViews: bigint("cost_views", { mode: "bigint" }).notNull(),
  ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
