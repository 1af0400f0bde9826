import {
  ZCreateTransferRequest,
  ZErrorResponse,
  ZMemberRef,
  ZRecipientQuery,
  ZTransfer,
  ZTransferResult,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { createTransfer, listTransfers, previewRecipient } from "./transfers.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  422: ZErrorResponse,
};

export const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/transfers",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "Send views or USDT to another member (Idempotency-Key supported)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        body: ZCreateTransferRequest,
        response: { 200: ZTransferResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        createTransfer(app.money, app.clock, currentMember(request).profile, request.body, idem),
      ),
  );

  app.get(
    "/api/transfers",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "Sent and received transfers",
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: z.object({ transfers: z.array(ZTransfer) }), 401: ZErrorResponse },
      },
    },
    async (request) => ({
      transfers: await listTransfers(
        app.db,
        currentMember(request).profile.id,
        request.query.limit,
      ),
    }),
  );

  app.get(
    "/api/transfers/recipient",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["money"],
        summary: "Who a recipient (username or id) is, before sending",
        querystring: ZRecipientQuery,
        response: { 200: ZMemberRef, ...errors },
      },
    },
    async (request) =>
      previewRecipient(app.db, currentMember(request).profile, request.query.query),
  );
};
