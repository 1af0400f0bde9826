import { ZDeleteAccountRequest, ZDeleteAccountResult, ZErrorResponse } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { requestAccountDeletion } from "./account-deletion.service";
import { exportMemberZip } from "./data-export.service";

export const dataRightsRoutes: FastifyPluginAsyncZod<{ authSecret: string }> = async (
  app,
  opts,
) => {
  app.post(
    "/api/me/delete",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["account"],
        summary:
          "Delete my account (LGPD): password or 2FA code again; refused while an offer is open or a withdrawal pending; a remaining balance only with forfeitBalance. Schedules the deletion after a grace period (ACCOUNT_DELETION.graceDays) and signs out every session; signing in before deleteAt cancels it. When it is performed the balance left is forfeited to the ledger and the profile anonymised; ledger entries are kept",
        body: ZDeleteAccountRequest,
        response: {
          200: ZDeleteAccountResult,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
    },
    async (request) =>
      requestAccountDeletion(
        app.money,
        app.clock,
        opts.authSecret,
        currentMember(request),
        request.body,
      ),
  );

  app.get(
    "/api/me/export",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["account"],
        summary:
          "Download my data (LGPD): a ZIP with one JSON and one CSV file per section (profile, sign-ins, ledger entries, videos, watch sessions, transfers, swaps, referrals, marketplace offers and trades, withdrawals, support) and a README.txt describing them",
        produces: ["application/zip"],
      },
    },
    async (request, reply) => {
      const profile = currentMember(request).profile;
      const now = app.clock.now();
      const day = now.toISOString().slice(0, 10);
      reply.header(
        "content-disposition",
        `attachment; filename="viewvault-data-${profile.username}-${day}.zip"`,
      );
      reply.header("cache-control", "no-store");
      return reply.type("application/zip").send(exportMemberZip(app.db, profile, now));
    },
  );
};
