import {
  ZActivityPage,
  ZActivityQuery,
  ZBalances,
  ZErrorResponse,
  ZReferralSummary,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { getReferralSummary } from "../referrals/referrals.service";
import { activityCsv, getActivity, getBalances } from "./wallet.service";

export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/balances",
    {
      onRequest: app.requireMember,
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
      const profileId = currentMember(request).profile.id;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const send = async () => {
        const balances = await getBalances(app.db, profileId);
        raw.write(`event: balances\ndata: ${JSON.stringify(balances)}\n\n`);
      };
      const unsubscribe = app.realtime.subscribe(profileId, () => {
        send().catch(() => undefined);
      });
      const heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), 25_000);
      request.raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
      await send();
    },
  );

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
      const csv = await activityCsv(app.db, currentMember(request).profile.id, request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="viewvault-activity.csv"')
        .send(csv);
    },
  );

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
