import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

export const CURRENCIES = ["VIEWS", "USDT"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const SYSTEM_ACCOUNTS = [
  "rewards",
  "fees",
  "withdrawal_escrow",
  "marketplace_escrow",
  "payouts",
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNTS)[number];
export type AccountKind = "member" | SystemAccountKind;

/**
 * One account per member and currency, plus the platform's system accounts. On member accounts
 * `balance` is the running sum of the entries and can never go below zero; system accounts keep no
 * running balance (theirs is the sum of their entries), so they are never a hot row.
 */
export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").$type<AccountKind>().notNull(),
    profileId: uuid("profile_id").references(() => profiles.id, { onDelete: "restrict" }),
    currency: text("currency").$type<Currency>().notNull(),
    balance: bigint("balance", { mode: "bigint" }).notNull().default(sql`0`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_member_idx")
      .on(t.profileId, t.currency)
      .where(sql`${t.kind} = 'member'`),
    uniqueIndex("ledger_accounts_system_idx")
      .on(t.kind, t.currency)
      .where(sql`${t.kind} <> 'member'`),
    check("ledger_accounts_currency_check", sql`${t.currency} in ('VIEWS', 'USDT')`),
    check(
      "ledger_accounts_kind_check",
      sql`${t.kind} in ('member', 'rewards', 'fees', 'withdrawal_escrow', 'marketplace_escrow', 'payouts')`,
    ),
    check(
      "ledger_accounts_member_owner_check",
      sql`(${t.kind} = 'member') = (${t.profileId} is not null)`,
    ),
    check("ledger_accounts_member_balance_check", sql`${t.kind} <> 'member' or ${t.balance} >= 0`),
  ],
);

/** One business event that moves money; its entries sum to zero per currency. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** The member who caused it (null for platform jobs). */
    actorProfileId: uuid("actor_profile_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    memo: jsonb("memo").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_transactions_created_at_idx").on(t.createdAt)],
);

/** Append-only (a trigger refuses UPDATE and DELETE). */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id")
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text("currency").$type<Currency>().notNull(),
    amount: bigint("amount", { mode: "bigint" }).notNull(),
    /** The member account's balance after this entry (null on system accounts, which keep none). */
    balanceAfter: bigint("balance_after", { mode: "bigint" }),
    /** The other member of a member-to-member movement, for activity screens. */
    counterpartyProfileId: uuid("counterparty_profile_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId, t.id),
    index("ledger_entries_transaction_idx").on(t.transactionId),
    check("ledger_entries_amount_check", sql`${t.amount} <> 0`),
  ],
);

/** Projection: a member's views balance (seeds' table), updated with every posting. */
export const viewBalances = pgTable(
  "view_balances",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    balanceViews: bigint("balance_views", { mode: "bigint" }).notNull().default(sql`0`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("view_balances_nonnegative", sql`${t.balanceViews} >= 0`)],
);

/** Projection: a member's USDT balance and the part held for pending withdrawals (seeds' table). */
export const walletBalances = pgTable(
  "wallet_balances",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    balanceUsdt: bigint("balance_usdt", { mode: "bigint" }).notNull().default(sql`0`),
    pendingUsdt: bigint("pending_usdt", { mode: "bigint" }).notNull().default(sql`0`),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("wallet_balances_nonnegative", sql`${t.balanceUsdt} >= 0`),
    check("wallet_balances_pending_nonnegative", sql`${t.pendingUsdt} >= 0`),
  ],
);

/**
 * Idempotency keys of money-moving requests: written in the same transaction as the effect, so a
 * replay finds the stored response and a concurrent duplicate waits on the row, then replays.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    profileId: uuid("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    /** Null only inside the transaction that is producing the response. */
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);
