import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
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
/**
 * A member's own money (available), the part of it held for their pending withdrawals (USDT
 * only), and their earnings still on hold (ADR 047: watch rewards, creator credits and
 * view-request gains, until the hold clears).
 */
export const MEMBER_ACCOUNTS = ["member", "member_pending", "member_held"] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNTS)[number];
export type AccountKind = MemberAccountKind | SystemAccountKind;

/**
 * One account per member and currency, a pending account per member (USDT held for their
 * withdrawals), a held account per member and currency (earnings on hold, ADR 047), plus the
 * platform's system accounts. On member accounts `balance` is the running
 * sum of the entries and can never go below zero — it IS the member's balance, read directly (no
 * projection keeps it twice); system accounts keep no running balance (theirs is the sum of their
 * entries), so they are never a hot row.
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
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_member_idx")
      .on(t.profileId, t.currency)
      .where(sql`${t.kind} = 'member'`),
    index("ledger_accounts_profile_idx").on(t.profileId),
    uniqueIndex("ledger_accounts_member_pending_idx")
      .on(t.profileId, t.currency)
      .where(sql`${t.kind} = 'member_pending'`),
    uniqueIndex("ledger_accounts_member_held_idx")
      .on(t.profileId, t.currency)
      .where(sql`${t.kind} = 'member_held'`),
    uniqueIndex("ledger_accounts_system_idx")
      .on(t.kind, t.currency)
      .where(sql`${t.profileId} is null`),
    check("ledger_accounts_currency_check", sql`${t.currency} in ('VIEWS', 'USDT')`),
    check(
      "ledger_accounts_kind_check",
      sql`${t.kind} in ('member', 'member_pending', 'member_held', 'rewards', 'fees', 'withdrawal_escrow', 'marketplace_escrow', 'payouts')`,
    ),
    check(
      "ledger_accounts_member_owner_check",
      sql`(${t.kind} in ('member', 'member_pending', 'member_held')) = (${t.profileId} is not null)`,
    ),
    check("ledger_accounts_member_balance_check", sql`${t.profileId} is null or ${t.balance} >= 0`),
  ],
);

/** One business event that moves money; its entries sum to zero per currency. */
export const ledgerTransactions = pgTable(
  "ledger_transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    /** The member who caused it (null for platform jobs). No foreign key (ADR 039). */
    actorProfileId: uuid("actor_profile_id"),
    memo: jsonb("memo").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_transactions_created_at_idx").on(t.createdAt)],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE). `transaction_id` and every domain record's
 * `ledger_transaction_id` carry no foreign key (ADR 013): ledger_post writes a transaction and its
 * entries in one statement, the money commands record the id it returns, and an append-only
 * transaction can never disappear — the key's check cost a fifth of a posting and proved nothing.
 * `ledger:verify` audits it instead (no entry or record names a missing transaction).
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transactionId: uuid("transaction_id").notNull(),
    /** No foreign key (ADR 039): ledger_post has just read or updated the account. */
    accountId: bigint("account_id", { mode: "number" }).notNull(),
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

/**
 * The seeds' balance tables, as views over the member accounts (created by migration 0010):
 * reading them never disagrees with the ledger because nothing keeps them twice.
 */
export const viewBalances = pgView("view_balances", {
  userId: uuid("user_id").notNull(),
  balanceViews: bigint("balance_views", { mode: "bigint" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}).existing();

export const walletBalances = pgView("wallet_balances", {
  userId: uuid("user_id").notNull(),
  balanceUsdt: bigint("balance_usdt", { mode: "bigint" }).notNull(),
  pendingUsdt: bigint("pending_usdt", { mode: "bigint" }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
}).existing();

/**
 * Idempotency keys of money-moving requests: claimed and answered by the money command itself, in
 * the same statement as the effect, so a replay finds the stored result and a concurrent
 * duplicate waits on the row, then replays. `response_body` holds the command's result (JSON).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** No foreign key (ADR 039): the signed-in member's profile, which is never deleted. */
    profileId: uuid("profile_id").notNull(),
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
