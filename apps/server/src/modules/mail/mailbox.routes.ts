import { ZMailboxMessage } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { listMailbox } from "./mail.service";

/**
 * The development mailbox: every e-mail in the outbox, with its links. Registered only on the
 * embedded database or with DEV_MAILBOX=1, never on a PostgreSQL deployment by default, because
 * it shows password-reset links.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/dev/mailbox",
    {
      schema: {
        tags: ["development"],
        summary: "Development mailbox (embedded database or DEV_MAILBOX=1 only)",
        response: { 200: z.object({ messages: z.array(ZMailboxMessage) }) },
      },
    },
    async () => ({ messages: await listMailbox(app.db, app.publicUrl) }),
  );
};
