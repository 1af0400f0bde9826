import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every e-mail goes through this outbox first: it is written in the same breath as the action
 * that causes it, then delivered (SMTP) or kept for the development mailbox. A failed send stays
 * here and is retried, so no message is lost. A notice written by a money command names its
 * `template`, `params` and the member (`profile_id`) and is rendered in the member's language
 * when it is delivered (subject, text and html are filled in then).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    to: text("to").notNull(),
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    kind: text("kind").notNull(),
    template: text("template"),
    params: jsonb("params").$type<Record<string, string>>(),
    profileId: uuid("profile_id"),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  // Only messages still to deliver (or given up) are indexed: a sent message leaves the index,
  // so the delivery scan never walks the history (ADR 039).
  (t) => [
    index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt).where(sql`${t.status} <> 'sent'`),
  ],
);
