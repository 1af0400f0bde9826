import {
  ZErrorResponse,
  ZReferralListQuery,
  ZReferralPage,
  ZReferralSummary,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { getReferralSummary, listReferrals } from "./referrals.service";

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

  app.get(
    "/api/referrals",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["referrals"],
        summary: "All of the member's referrals, newest first, by keyset cursor",
        querystring: ZReferralListQuery,
        response: { 200: ZReferralPage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => listReferrals(app.db, currentMember(request).profile.id, request.query),
  );
};
