import nodemailer, { type Transporter } from "nodemailer";
import type { Db, DbOrTx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import {
  claimDueMessages,
  insertOutboxMessage,
  markAttemptFailed,
  markSent,
  type NewOutboxMessage,
  type OutboxRow,
} from "./mail.repository";

export interface MailLogger {
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
  start(): void;
  stop(): Promise<void>;
}

/** Retry schedule after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h, then give up. */
export const RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
const LEASE_MS = 120_000;

/**
 * E-mail goes to the outbox first. With SMTP_URL set, nodemailer delivers it; without, the
 * message is logged with its links and stays readable in the development mailbox. A failed
 * send keeps the message in the outbox and a background loop retries it.
 */
export function createMailer(opts: {
  db: Db;
  clock: Clock;
  log: MailLogger;
  smtpUrl?: string | undefined;
  from: string;
  transport?: Pick<Transporter, "sendMail">;
}): Mailer {
  const transport =
    opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliver(message: OutboxRow): Promise<void> {
    if (!transport) {
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      opts.log.info(
        { to: message.to, subject: message.subject, links },
        "e-mail kept in the development mailbox",
      );
      await markSent(opts.db, message.id, opts.clock.now());
      return;
    }
    try {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await markSent(opts.db, message.id, opts.clock.now());
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

  async function deliverDue(): Promise<number> {
    const claimed = await claimDueMessages(opts.db, opts.clock.now(), 20, LEASE_MS);
    for (const message of claimed) await deliver(message);
    return claimed.length;
  }

  function kick(): void {
    if (running) return;
    running = deliverDue()
      .catch((error) => {
        opts.log.error({ err: error }, "outbox delivery loop failed");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    async send(message) {
      const row = await insertOutboxMessage(opts.db, message, opts.clock.now());
      kick();
      return row;
    },
    async queue(tx, message) {
      await insertOutboxMessage(tx, message, opts.clock.now());
      setTimeout(kick, 50).unref();
    },
    deliverDue,
    start() {
      timer = setInterval(kick, 15_000);
      timer.unref();
      kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
