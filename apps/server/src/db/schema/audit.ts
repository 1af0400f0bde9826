import { index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * Every staff action (role changes, suspensions, withdrawals, the support desk …): who (and their
 * role), what, the target, before/after, the address and the time. Append-only: a trigger refuses
 * UPDATE and DELETE (only the members' ids may be set to null when a profile is deleted).
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
    /** The client address the action came from. */
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_events_created_at_idx").on(t.createdAt)],
);
