import { ZErrorResponse, ZWatchCompleteResult, ZWatchSession } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { recordWatchSignal } from "../risk/signals";
import { beginContent, completeWatch, currentSession, startSession } from "./watch.service";

const ZIdParams = z.object({ id: z.string().max(64) });
const errors = {
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/** Server-timed watch sessions: advertisement (30 s) → content (30 s) → completed and credited. */
export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/videos/:id/sessions",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary: "Start watching a video: the advertisement starts now (server time)",
        params: ZIdParams,
        response: { 201: ZWatchSession, ...errors },
      },
    },
    async (request, reply) => {
      const session = await startSession(
        app.db,
        app.clock,
        currentMember(request).profile.id,
        request.params.id,
      );
      await recordWatchSignal(app.db, {
        memberId: currentMember(request).profile.id,
        sessionId: session.id,
        request,
      });
      return reply.status(201).send(session);
    },
  );

  app.get(
    "/api/videos/:id/sessions/current",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary:
          "The member's open session on a video (advertisement or content), to continue it after a reload",
        params: ZIdParams,
        response: { 200: ZWatchSession, 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (request) =>
      currentSession(app.db, app.clock, currentMember(request).profile.id, request.params.id),
  );

  app.post(
    "/api/watch-sessions/:id/content",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary: "The advertisement ended: the video content starts (needs 30 s of advertisement)",
        params: ZIdParams,
        response: { 200: ZWatchSession, ...errors },
      },
    },
    async (request) =>
      beginContent(app.db, app.clock, currentMember(request).profile.id, request.params.id),
  );

  app.post(
    "/api/watch-sessions/:id/complete",
    {
      onRequest: app.requireMember,
      // A money request (its audit line) although it takes no Idempotency-Key: the session is one.
      config: { money: true },
      schema: {
        tags: ["watch"],
        summary:
          "Complete the session (needs 30 s of content): watcher and creator earn 1 view each",
        params: ZIdParams,
        response: { 200: ZWatchCompleteResult, ...errors },
      },
    },
    async (request) =>
      completeWatch(app.money, app.clock, currentMember(request).profile.id, request.params.id),
  );
};
