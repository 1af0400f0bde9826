import {
  ZCreateSupportRequest,
  ZErrorResponse,
  ZPostSupportMessage,
  ZSupportPage,
  ZSupportRequest,
  ZSupportThread,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { getOwnRequest, listOwnRequests, openSupportRequest } from "./support.service";
import { ownThread, postOwnMessage } from "./support-threads.service";

/** The errors a member's support route answers (the desk's routes: support-desk.routes.ts). */
export const supportErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
export const ZRequestParams = z.object({ requestId: z.uuid() });

// ── Members ──
function getRequestsRoute(app: RouteApp): void {
  app.get(
    "/api/support/requests",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["support"],
        summary: "The member's own support requests (withdrawals included), newest first",
        querystring: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }),
        response: { 200: ZSupportPage, 401: ZErrorResponse },
      },
    },
    async (request) => listOwnRequests(app.db, currentMember(request), request.query.page),
  );
}

function getRequestRoute(app: RouteApp): void {
  app.get(
    "/api/support/requests/:requestId",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["support"],
        summary: "One of the member's own support requests (another member's is not found)",
        params: ZRequestParams,
        response: { 200: ZSupportRequest, ...supportErrors },
      },
    },
    async (request) => getOwnRequest(app.db, currentMember(request), request.params.requestId),
  );
}

function postRequestsRoute(app: RouteApp): void {
  app.post(
    "/api/support/requests",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["support"],
        summary: "Open a support request (withdrawal question, account, payment, other)",
        body: ZCreateSupportRequest,
        response: { 201: ZSupportPage, ...supportErrors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await openSupportRequest(app.db, app.clock, currentMember(request), request.body)),
  );
}

function getRequestsMessagesRoute(app: RouteApp): void {
  app.get(
    "/api/support/requests/:requestId/messages",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["support"],
        summary: "The thread of one of the member's own requests, oldest first",
        params: ZRequestParams,
        response: { 200: ZSupportThread, ...supportErrors },
      },
    },
    async (request) => ownThread(app.db, currentMember(request), request.params.requestId),
  );
}

function postRequestsMessagesRoute(app: RouteApp): void {
  app.post(
    "/api/support/requests/:requestId/messages",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ["support"],
        summary: "Write in the thread of one of the member's own requests",
        params: ZRequestParams,
        body: ZPostSupportMessage,
        response: { 200: ZSupportThread, ...supportErrors },
      },
    },
    async (request) =>
      postOwnMessage(
        app.db,
        app.clock,
        currentMember(request),
        request.params.requestId,
        request.body.body,
      ),
  );
}

/** A member's support requests and their threads; the staff desk is support-desk.routes.ts. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  getRequestsRoute(app);
  getRequestRoute(app);
  postRequestsRoute(app);
  getRequestsMessagesRoute(app);
  postRequestsMessagesRoute(app);
};
