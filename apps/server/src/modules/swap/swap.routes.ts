import { SWAP, ZCreateSwapRequest, ZErrorResponse, ZSwap, ZSwapResult } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { createSwap, listRecentSwaps } from "./swap.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  422: ZErrorResponse,
};

export const swapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/swaps",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "Swap views and USDT at the fixed rates (Idempotency-Key supported)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        body: ZCreateSwapRequest,
        response: { 200: ZSwapResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        createSwap(app.money, currentMember(request).profile, request.body, idem),
      ),
  );

  app.get(
    "/api/swaps",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "The member's latest swaps",
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(50).default(SWAP.historyShown),
        }),
        response: { 200: z.object({ swaps: z.array(ZSwap) }), 401: ZErrorResponse },
      },
    },
    async (request) => ({
      swaps: await listRecentSwaps(app.db, currentMember(request).profile.id, request.query.limit),
    }),
  );
};
