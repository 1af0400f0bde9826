/** The channels instances tell each other on, and what an open stream is told (realtime.ts). */

/** Balance changes from other instances (PostgreSQL NOTIFY payload or Redis message). */
export const BALANCES_CHANNEL = "vv_balances";
/** A member's session, profile or account changed (vv_member_changed, functions/accounts.sql). */
export const MEMBERS_CHANNEL = "vv_members";
/**
 * A member has a new notification (vv_notify, db/functions/notifications.sql): NOTIFY at the
 * commit of its cause, heard by every instance's LISTEN connection (PGlite: in-process).
 */
export const NOTIFICATIONS_CHANNEL = "vv_notifications";
/** Named events for open streams (a daily or annual winner, a bonus granted), across instances. */
export const ANNOUNCE_CHANNEL = "vv_announce";

/**
 * What an open stream is told besides balances: `events` (a daily or annual winner: every
 * stream), `rewards` (a bonus granted to these members), `viewRequests` (a waiting view request
 * of these members was matched), `notifications` (these members have a new notification: it
 * comes from the database on every instance, so it is never re-broadcast), `withdrawals` (a
 * withdrawal of these members changed state without moving their balance: taken, sent,
 * confirming; ADR 058).
 */
export type Announcement = "events" | "rewards" | "viewRequests" | "notifications" | "withdrawals";
export const ANNOUNCEMENTS: readonly string[] = [
  "events",
  "rewards",
  "viewRequests",
  "withdrawals",
] satisfies Announcement[];
