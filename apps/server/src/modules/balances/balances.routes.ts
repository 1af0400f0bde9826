import { ZBalances, ZErrorResponse } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { getBalances, streamBalances } from "./balances.service";

/** The member's balances, and a server-sent event stream of them whenever they change. */
export const balancesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/balances",
    {
      onRequest: app.requireMember,
      // Three short numbers, asked for on every screen: never worth compressing (ADR 039).
      compress: false,
      schema: {
        tags: ["money"],
        summary: "Views and USDT balances",
        response: { 200: ZBalances, 401: ZErrorResponse },
      },
    },
    async (request) => getBalances(app.db, currentMember(request).profile.id),
  );

  app.get(
    "/api/balances/stream",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["money"],
        summary: "Server-sent events: the member's balances whenever they change",
        produces: ["text/event-stream"],
      },
    },
    async (request, reply) => {
      reply.hijack();
      await streamBalances(app, currentMember(request).profile.id, request.raw, reply.raw);
    },
  );
};
