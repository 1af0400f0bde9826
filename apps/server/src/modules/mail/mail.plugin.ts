import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Clock } from "../../lib/clock";
import { createMailer, type Mailer } from "./mail.service";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
    /** The address members use (links in e-mails). */
    publicUrl: string;
    /** The support inbox (SUPPORT_EMAIL), told of every withdrawal request. */
    supportEmail: string | null;
  }
}

export interface MailPluginOptions {
  clock: Clock;
  publicUrl: string;
  from: string;
  smtpUrl?: string | undefined;
  supportEmail?: string | undefined;
  /** A mailer of the caller's own (tests); the outbox mailer otherwise (SMTP when smtpUrl is set). */
  mailer?: Mailer | undefined;
}

/** The outbox mailer (ADR 033), the addresses e-mails need, and the mailer's stop on close. */
export const mailPlugin = fp(async (app: FastifyInstance, opts: MailPluginOptions) => {
  const mailer =
    opts.mailer ??
    createMailer({
      db: app.db,
      clock: opts.clock,
      log: app.log,
      smtpUrl: opts.smtpUrl,
      from: opts.from,
      publicUrl: opts.publicUrl,
    });
  app.decorate("mailer", mailer);
  app.decorate("publicUrl", opts.publicUrl);
  app.decorate("supportEmail", opts.supportEmail ?? null);
  app.addHook("onClose", async () => {
    await mailer.stop();
  });
});
