import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Money } from "./money-command";

declare module "fastify" {
  interface FastifyInstance {
    /** The database and what follows a money command's commit (modules/ledger/money-command). */
    money: Money;
  }
}

/**
 * What a money command's commit sets off: live balances on every instance, the e-mail outbox and
 * the push job looking soon (the command may have queued a notice or written a notification:
 * transfers and sales send no NOTIFY, ADR 059), and the posting counted in the metrics. Registered
 * after the realtime, mail, push and metrics plugins it calls.
 */
export const moneyPlugin = fp(async (app: FastifyInstance) => {
  app.decorate("money", {
    db: app.db,
    afterCommit(profileIds) {
      if (profileIds.length === 0) return;
      app.realtime.publish(profileIds);
      app.mailer.nudge();
      app.push.nudge();
    },
    posted: (kind) => app.metrics.ledgerPosted(kind),
  } satisfies Money);
});
