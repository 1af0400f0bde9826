import { ZErrorResponse, ZReferralSummary } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { getReferralSummary } from "./referrals.service";

export const referralsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/referrals/summary",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["referrals"],
        summary: "Referral totals, badge and recent referrals",
        response: { 200: ZReferralSummary, 401: ZErrorResponse },
      },
    },
    async (request) => getReferralSummary(app.db, currentMember(request).profile.id),
  );
};
