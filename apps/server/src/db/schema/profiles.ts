import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

export interface EmailPrefs {
  newSignIn: boolean;
  transactions: boolean;
  product: boolean;
}

/**
 * A member's profile. Created by a trigger in the same transaction as the Better Auth user
 * (create_profile_for_user, db/functions/accounts.sql), so no user ever exists without one.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    authUid: text("auth_uid")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username").notNull(),
    isVerified: boolean("is_verified").notNull().default(false),
    walletAddress: text("wallet_address"),
    walletNetwork: text("wallet_network", { enum: ["TRC20", "ERC20", "BEP20"] }),
    /** When the payout wallet last changed: it cannot receive a withdrawal for 24 hours. */
    walletChangedAt: timestamp("wallet_changed_at", { withTimezone: true }),
    referredBy: uuid("referred_by").references((): AnyPgColumn => profiles.id, {
      onDelete: "set null",
    }),
    role: text("role", { enum: ["member", "support", "admin"] })
      .notNull()
      .default("member"),
    suspended: boolean("suspended").notNull().default(false),
    locale: text("locale", { enum: ["en", "pt-BR"] })
      .notNull()
      .default("en"),
    emailPrefs: jsonb("email_prefs")
      .$type<EmailPrefs>()
      .notNull()
      .default({ newSignIn: true, transactions: true, product: false }),
    /** The member chose, in Settings, not to appear in the ranking (ADR 025). */
    hiddenFromRanking: boolean("hidden_from_ranking").notNull().default(false),
    /** When the member closed the dashboard's first-run guide (it is shown until then). */
    firstRunDismissedAt: timestamp("first_run_dismissed_at", { withTimezone: true }),
    /** Set when the member deleted their account (ADR 026): the profile is anonymised. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    signupIp: text("signup_ip"),
    signupUserAgent: text("signup_user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${t.username})`),
    index("profiles_referred_by_idx").on(t.referredBy),
    check("profiles_role_check", sql`${t.role} in ('member', 'support', 'admin')`),
    check("profiles_wallet_network_check", sql`${t.walletNetwork} in ('TRC20', 'ERC20', 'BEP20')`),
    check("profiles_locale_check", sql`${t.locale} in ('en', 'pt-BR')`),
  ],
);
