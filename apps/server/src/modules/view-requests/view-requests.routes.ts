import { ZCreateViewRequestResult, ZErrorResponse, ZViewRequestList } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { createViewRequest, listViewRequests } from "./view-requests.service";

export const viewRequestsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/view-requests",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["videos"],
        summary: "Request views: pay 1 view and join the matching pool (Idempotency-Key supported)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        response: {
          201: ZCreateViewRequestResult,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          422: ZErrorResponse,
        },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        createViewRequest(
          app.money,
          app.realtime,
          app.clock,
          currentMember(request).profile.id,
          idem,
        ),
      ),
  );

  app.get(
    "/api/view-requests",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["videos"],
        summary: "The member's pending and matched view requests, and today's count",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: ZViewRequestList, 401: ZErrorResponse },
      },
    },
    async (request) =>
      listViewRequests(app.db, app.clock, currentMember(request).profile.id, request.query.limit),
  );
};
