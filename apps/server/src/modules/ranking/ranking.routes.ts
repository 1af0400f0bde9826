import { ZErrorResponse, ZRankingPage, ZRankingQuery, ZRankingVisibility } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { getRanking, setRankingVisibility } from "./ranking.service";

export const rankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/ranking",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["ranking"],
        summary:
          "The ranking by views earned this week, this month or all time (recomputed every few minutes), with my own position and the summary",
        querystring: ZRankingQuery,
        response: { 200: ZRankingPage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => getRanking(app.readDb, currentMember(request).profile, request.query),
  );

  app.get(
    "/api/ranking/visibility",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["ranking"],
        summary: "Whether I chose to hide from the ranking",
        response: { 200: ZRankingVisibility, 401: ZErrorResponse },
      },
    },
    async (request) => ({ hidden: currentMember(request).profile.hiddenFromRanking }),
  );

  app.put(
    "/api/ranking/visibility",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["ranking"],
        summary:
          "Hide me from the ranking (at once) or show me again (from the next recomputation)",
        body: ZRankingVisibility,
        response: { 200: ZRankingVisibility, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) =>
      setRankingVisibility(app.db, currentMember(request).profile.id, request.body.hidden),
  );
};
