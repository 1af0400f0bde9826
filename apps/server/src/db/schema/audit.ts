import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sessions } from "./auth";
import { profiles } from "./profiles";

/**
 * Every staff action (role changes, suspensions, referral decisions, withdrawals, the support
 * desk …): who (and their role then), what, on whom or what, why, the state before and after, the
 * address and the time. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (only the
 * members' ids may be set to null when a profile is deleted; ADR 023).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorProfileId: uuid("actor_profile_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    /** The actor's role when they acted (support, admin). */
    actorRole: text("actor_role"),
    action: text("action").notNull(),
    targetProfileId: uuid("target_profile_id").references(() => profiles.id, {
      onDelete: "set null",
    }),
    /** What the action touched besides a member: "withdrawal", "support_request" … and its id. */
    targetType: text("target_type"),
    targetId: text("target_id"),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    reason: text("reason"),
    /** The client address the action came from. */
    address: text("address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_created_at_idx").on(t.createdAt),
    index("audit_events_actor_idx").on(t.actorProfileId, t.createdAt),
    index("audit_events_target_idx").on(t.targetProfileId, t.createdAt),
    index("audit_events_action_idx").on(t.action, t.createdAt),
  ],
);

/**
 * When a staff session last confirmed the password or a 2FA code (step-up, ADR 029); a row
 * dies with its session.
 */
export const staffConfirmations = pgTable("staff_confirmations", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
});
