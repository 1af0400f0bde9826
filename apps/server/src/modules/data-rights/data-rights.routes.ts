import { ZErrorResponse, ZMemberExport } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { exportMemberData } from "./data-export.service";

export const dataRightsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/export",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["account"],
        summary:
          "Download my data (LGPD): my profile, sign-ins, ledger entries, videos, watch sessions, transfers, swaps, referrals, marketplace offers and trades, as one JSON file",
        response: { 200: ZMemberExport, 401: ZErrorResponse, 429: ZErrorResponse },
      },
    },
    async (request, reply) => {
      const profile = currentMember(request).profile;
      const now = app.clock.now();
      const day = now.toISOString().slice(0, 10);
      reply.header(
        "content-disposition",
        `attachment; filename="viewvault-data-${profile.username}-${day}.json"`,
      );
      reply.header("cache-control", "no-store");
      return exportMemberData(app.db, profile, now);
    },
  );
};
