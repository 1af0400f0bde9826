import { ZActivityPage, ZActivityQuery, ZErrorResponse } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { activityCsv, getActivity } from "./activity.service";

/** The member's complete history (every ledger entry) and its CSV export. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/activity",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "The member's complete history, newest first (keyset paging)",
        querystring: ZActivityQuery,
        response: { 200: ZActivityPage, 401: ZErrorResponse },
      },
    },
    async (request) => getActivity(app.db, currentMember(request).profile.id, request.query),
  );

  app.get(
    "/api/activity.csv",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "The member's history as CSV",
        querystring: ZActivityQuery.pick({ currency: true, kind: true }),
        produces: ["text/csv"],
      },
    },
    async (request, reply) => {
      const csv = activityCsv(app.db, currentMember(request).profile.id, request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="viewvault-activity.csv"')
        .send(csv);
    },
  );
};
