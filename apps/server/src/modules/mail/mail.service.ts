import type { TMailboxMessage } from "@viewvault/shared";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db, DbOrTx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { toLocale } from "../../lib/i18n";
import { createPollLoop } from "../../lib/poll-loop";
import {
  claimDueMessages,
  insertOutboxMessage,
  keepDueMessages,
  listRecentMessages,
  markAttemptFailed,
  markSent,
  type NewOutboxMessage,
  type OutboxMessage,
  type OutboxRow,
  releaseClaims,
} from "./mail.repository";
import { type RenderedMail, renderNotice } from "./mail.templates";

export interface MailLogger {
  isLevelEnabled?(level: string): boolean;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /** Writes the message to the outbox and tries to deliver it at once. Never throws on delivery. */
  send(message: NewOutboxMessage): Promise<OutboxRow>;
  /**
   * Writes the message to the outbox inside the caller's transaction (it exists only if that
   * transaction commits); delivery starts shortly after.
   */
  queue(tx: DbOrTx, message: NewOutboxMessage): Promise<void>;
  /** Delivers what is due (retries included). */
  deliverDue(): Promise<number>;
  /** Something may have been queued outside `queue` (a money command's notice): look soon. */
  nudge(): void;
  start(): void;
  stop(): Promise<void>;
}

/** Retry schedule after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then give up. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
const LEASE_MS = 120_000;
/** A claimed batch is delivered only this long; the rest goes back before its lease runs out. */
const BATCH_BUDGET_MS = LEASE_MS / 2;

/**
 * The Message-ID of an outbox message: the same on every attempt, so a message sent again after a
 * crash between the SMTP server's "250" and our "sent" is recognisable as the same one (ADR 033).
 */
export function messageIdOf(outboxId: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? "viewvault.local";
  return `<${outboxId}@${domain}>`;
}

/**
 * E-mail goes to the outbox first. With SMTP_URL set, nodemailer delivers it; without, the
 * message is logged with its links and stays readable in the development mailbox. A failed
 * send keeps the message in the outbox and a background loop retries it.
 */
/**
 * The message as it reads: a notice written by a money command (template + params) is rendered
 * in the member's language; anything else was rendered when it was queued.
 */
export function renderedMessage(message: OutboxMessage, publicUrl: string): RenderedMail {
  if (message.subject !== null && message.text !== null && message.html !== null)
    return { subject: message.subject, text: message.text, html: message.html };
  return renderNotice(
    message.template ?? "",
    toLocale(message.locale) ?? "en",
    message.params ?? {},
    publicUrl,
  );
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  log: MailLogger;
  smtpUrl?: string | undefined;
  from: string;
  /** The address members use, for the links in notices rendered at delivery. */
  publicUrl: string;
  transport?: Pick<Transporter, "sendMail">;
}

/** Sends one message through SMTP, rendering a notice first; a failure is retried later. */
async function deliver(
  opts: MailerOptions,
  transport: Pick<Transporter, "sendMail">,
  message: OutboxMessage,
): Promise<void> {
  const rendered = message.subject === null ? renderedMessage(message, opts.publicUrl) : undefined;
  const mail = rendered ?? renderedMessage(message, opts.publicUrl);
  try {
    await transport.sendMail({
      from: opts.from,
      to: message.to,
      messageId: messageIdOf(message.id, opts.from),
      ...mail,
    });
    await markSent(opts.db, message.id, opts.clock.now(), rendered);
  } catch (error) {
    const delay = RETRY_DELAYS_MS[message.attempts - 1];
    const retryAt = delay === undefined ? null : new Date(opts.clock.now().getTime() + delay);
    opts.log.warn(
      { err: error, to: message.to, attempts: message.attempts, retryAt },
      "e-mail delivery failed",
    );
    await markAttemptFailed(
      opts.db,
      message.id,
      (error as Error).message ?? String(error),
      retryAt,
    );
  }
}

/**
 * Without SMTP every message stays readable in the development mailbox (a notice renders when
 * it is read): a batch is taken and marked kept in one statement, then logged with its links
 * when the log shows it.
 */
async function keepDue(opts: MailerOptions): Promise<number> {
  const kept = await keepDueMessages(opts.db, opts.clock.now(), 100);
  if (opts.log.isLevelEnabled?.("info") ?? true) {
    for (const message of kept) {
      const mail = renderedMessage(message, opts.publicUrl);
      opts.log.info(
        {
          to: message.to,
          subject: mail.subject,
          links: mail.text.match(/https?:\/\/\S+/g) ?? [],
        },
        "e-mail kept in the development mailbox",
      );
    }
  }
  return kept.length;
}

export function createMailer(opts: MailerOptions): Mailer {
  const transport =
    opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined);

  async function deliverDue(): Promise<number> {
    if (!transport) return keepDue(opts);
    const claimed = await claimDueMessages(opts.db, opts.clock.now(), 100, LEASE_MS);
    // One at a time, at least one per batch; on shutdown, or when the batch outlives half its
    // lease (slow SMTP), the rest goes back to the outbox at once instead of waiting out the lease
    // (or being claimed by another instance while this one still sends it).
    const until = Date.now() + BATCH_BUDGET_MS;
    let sent = 0;
    for (const message of claimed) {
      if (sent > 0 && (loop.stopping || Date.now() > until)) break;
      await deliver(opts, transport, message);
      sent++;
    }
    await releaseClaims(
      opts.db,
      claimed.slice(sent).map((m) => m.id),
      opts.clock.now(),
    );
    return sent;
  }

  const loop = createPollLoop({
    run: deliverDue,
    onError: (error) => opts.log.error({ err: error }, "outbox delivery loop failed"),
  });

  return {
    async send(message) {
      const row = await insertOutboxMessage(opts.db, message, opts.clock.now());
      loop.kick();
      return row;
    },
    async queue(tx, message) {
      await insertOutboxMessage(tx, message, opts.clock.now());
      setTimeout(loop.kick, 50).unref();
    },
    deliverDue,
    nudge: loop.nudge,
    start: loop.start,
    stop: loop.stop,
  };
}

/**
 * The development mailbox: the newest messages of the outbox, links and all (a notice not
 * delivered yet is shown as it will read).
 */
export async function listMailbox(
  db: Db,
  publicUrl: string,
  limit = 100,
): Promise<TMailboxMessage[]> {
  return (await listRecentMessages(db, limit)).map((m) => ({
    id: m.id,
    to: m.to,
    ...renderedMessage(m, publicUrl),
    kind: m.kind,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  }));
}
