import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * One row per sign-in and per watch session (ADR 048): the device (HMAC of the browser's
 * fingerprint with a key derived from the server secret, never the raw value), the client network
 * (/24 of IPv4, /48 of IPv6) and the user agent. Members sharing a device or a network within
 * RISK_SIGNALS.windowDays form clusters.
 */
export const memberSignals = pgTable(
  "member_signals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    memberId: uuid("member_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"sign_in" | "watch_session">().notNull(),
    /** The auth session's id (sign_in) or the watch session's id (watch_session). */
    refId: text("ref_id").notNull(),
    deviceHash: text("device_hash"),
    network: text("network"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("member_signals_member_idx").on(t.memberId, t.createdAt),
    index("member_signals_device_idx").on(t.deviceHash, t.createdAt),
    index("member_signals_network_idx").on(t.network, t.createdAt),
    index("member_signals_created_idx").on(t.createdAt),
    check("member_signals_kind_check", sql`${t.kind} in ('sign_in', 'watch_session')`),
  ],
);

export interface RiskReasonJson {
  code: string;
  points: number;
  params: Record<string, number | string>;
}

/** Each member's current risk score (0–100), its level and its reasons (recomputed by a job). */
export const memberRisk = pgTable("member_risk", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  score: integer("score").notNull(),
  level: text("level").notNull(),
  reasons: jsonb("reasons").$type<RiskReasonJson[]>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/**
 * Staff decisions on a member from the fraud queue: a cash-out pause (reason, who, when, the
 * member's appeal), the last review ("clear": signals before reviewed_at no longer score) and
 * support's open request for that review (ADR 071; the admin's clear or pause closes it).
 */
export const memberEnforcement = pgTable("member_enforcement", {
  memberId: uuid("member_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  cashoutPausedAt: timestamp("cashout_paused_at", { withTimezone: true }),
  reason: text("reason"),
  pausedBy: uuid("paused_by").references(() => profiles.id, { onDelete: "set null" }),
  appealRequestId: uuid("appeal_request_id"),
  reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  reviewedBy: uuid("reviewed_by").references(() => profiles.id, { onDelete: "set null" }),
  reviewReason: text("review_reason"),
  reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true }),
  reviewRequestedBy: uuid("review_requested_by").references(() => profiles.id, {
    onDelete: "set null",
  }),
  reviewRequestNote: text("review_request_note"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});
