import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { profiles } from "./profiles";

/**
 * Members' videos (seeds' table). The feed pages by keyset on (created_at, id) newest first, with
 * one index per filter combination so every page is an index range scan; `boosted_until` mirrors
 * the latest active boost so the feed's "boosted first" block is a tiny range scan of its own.
 */
export const videos = pgTable(
  "videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    title: text("title").notNull(),
    youtubeUrl: text("youtube_url").notNull(),
    /** The canonical 11-character YouTube id, whatever URL form was posted. */
    youtubeId: text("youtube_id").notNull(),
    country: text("country").notNull(),
    theme: text("theme").notNull(),
    thumbnailUrl: text("thumbnail_url").notNull(),
    watchedCount: bigint("watched_count", { mode: "number" }).notNull().default(0),
    boostedUntil: timestamp("boosted_until", { withTimezone: true }),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    /**
     * Set when ATTENTION.unplayableReportsToHide different members reported the video unplayable
     * (ADR 046): the feed no longer lists it and its owner was told.
     */
    unplayableAt: timestamp("unplayable_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("videos_feed_idx").on(t.createdAt, t.id),
    index("videos_feed_country_idx").on(t.country, t.createdAt, t.id),
    index("videos_feed_theme_idx").on(t.theme, t.createdAt, t.id),
    index("videos_feed_country_theme_idx").on(t.country, t.theme, t.createdAt, t.id),
    // Most watched first (ADR 055): one index; a country/theme filter reads it too.
    index("videos_feed_watched_idx").on(t.watchedCount, t.id),
    index("videos_boosted_until_idx").on(t.boostedUntil).where(sql`${t.boostedUntil} is not null`),
    uniqueIndex("videos_user_youtube_idx").on(t.userId, t.youtubeId),
    check("videos_watched_count_check", sql`${t.watchedCount} >= 0`),
  ],
);

/** Each paid boost (seeds' table): 100 views for 24 hours; a boost of a boosted video extends it. */
export const videoBoosts = pgTable(
  "video_boosts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    // No foreign key on this hot-path column (ADR 039): the command that writes it has just read
    // the row it names; `ledger:verify` reports any that does not exist.
    userId: uuid("user_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    costViews: bigint("cost_views", { mode: "bigint" }).notNull(),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("video_boosts_video_idx").on(t.videoId, t.expiresAt),
    check("video_boosts_period_check", sql`${t.expiresAt} > ${t.startsAt}`),
  ],
);

export const WATCH_STATUSES = ["AD", "CONTENT", "COMPLETED", "ABANDONED"] as const;
export type WatchStatus = (typeof WATCH_STATUSES)[number];

/**
 * Server-timed watch sessions (seeds' table ads_sessions): AD → CONTENT → COMPLETED, or ABANDONED
 * when the member starts another. At most one open (AD or CONTENT) session per member.
 */
export const adsSessions = pgTable(
  "ads_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id),
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    status: text("status").$type<WatchStatus>().notNull().default("AD"),
    adStartedAt: timestamp("ad_started_at", { withTimezone: true }).notNull(),
    contentStartedAt: timestamp("content_started_at", { withTimezone: true }),
    contentCompletedAt: timestamp("content_completed_at", { withTimezone: true }),
    credited: boolean("credited").notNull().default(false),
    ledgerTransactionId: uuid("ledger_transaction_id"),
    // Proof of attention (ADR 046): the last accepted heartbeat (its seq, the server's instant,
    // the player's position, whether it qualified) and the attested milliseconds of each step,
    // so a heartbeat is ONE conditional update of this row and no insert.
    hbSeq: integer("hb_seq").notNull().default(0),
    hbAt: timestamp("hb_at", { withTimezone: true }),
    hbPosition: doublePrecision("hb_position").notNull().default(0),
    hbQualifying: boolean("hb_qualifying").notNull().default(false),
    adAttestedMs: integer("ad_attested_ms").notNull().default(0),
    contentAttestedMs: integer("content_attested_ms").notNull().default(0),
    /** The completing proof-of-work challenge's key (its signature): used once, ever. */
    challengeKey: text("challenge_key"),
  },
  (t) => [
    uniqueIndex("ads_sessions_challenge_key_idx").on(t.challengeKey),
    uniqueIndex("ads_sessions_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('AD', 'CONTENT')`),
    index("ads_sessions_credited_idx")
      .on(t.userId, t.videoId, t.contentCompletedAt)
      .where(sql`${t.credited}`),
    // Lockstep across members (ADR 071): the completed sessions around a completion time, their
    // ad and content starts checked on the index's entries before any row is read.
    index("ads_sessions_completed_at_idx")
      .on(t.contentCompletedAt, t.adStartedAt, t.contentStartedAt)
      .where(sql`${t.status} = 'COMPLETED'`),
    check(
      "ads_sessions_status_check",
      sql`${t.status} in ('AD', 'CONTENT', 'COMPLETED', 'ABANDONED')`,
    ),
  ],
);

/** One member's report that a video cannot be played (ADR 046): one per member per video. */
export const videoUnplayableReports = pgTable(
  "video_unplayable_reports",
  {
    videoId: uuid("video_id")
      .notNull()
      .references(() => videos.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The player's error code (2, 5, 100, 101, 150) or 0 when the API script did not load. */
    errorCode: integer("error_code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.userId] })],
);

/** Credited watch sessions per member per UTC day: the daily cap, counted race-safely. */
export const watchDaily = pgTable(
  "watch_daily",
  {
    // No foreign key on this hot-path column (ADR 039): the command that writes it has just read
    // the row it names; `ledger:verify` reports any that does not exist.
    userId: uuid("user_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    credited: integer("credited").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const VIEW_REQUEST_STATUSES = ["PENDING", "MATCHED", "CANCELLED"] as const;
export type ViewRequestStatus = (typeof VIEW_REQUEST_STATUSES)[number];

/**
 * View requests (seeds' table): pay 1 view, wait in the pool, matched first-in-first-out; a
 * suspended member's pending requests are CANCELLED and their view refunded.
 */
export const viewRequests = pgTable(
  "view_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requesterId: uuid("requester_id")
      .notNull()
      .references(() => profiles.id),
    /** The request's number that day (1–10). */
    dailyCount: integer("daily_count").notNull(),
    status: text("status").$type<ViewRequestStatus>().notNull().default("PENDING"),
    matchedWith: uuid("matched_with").references(() => profiles.id),
    matchedRequestId: uuid("matched_request_id"),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    ledgerTransactionId: uuid("ledger_transaction_id").notNull(),
    matchLedgerTransactionId: uuid("match_ledger_transaction_id"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    refundLedgerTransactionId: uuid("refund_ledger_transaction_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("view_requests_pending_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'PENDING'`),
    index("view_requests_requester_idx").on(t.requesterId, t.createdAt),
    check("view_requests_status_check", sql`${t.status} in ('PENDING', 'MATCHED', 'CANCELLED')`),
  ],
);

/** View requests per member per UTC day: the daily limit, counted race-safely. */
export const viewRequestDays = pgTable(
  "view_request_days",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
