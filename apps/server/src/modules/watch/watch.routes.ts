import {
  ZErrorResponse,
  ZUnplayableReport,
  ZUnplayableReportResult,
  ZWatchComplete,
  ZWatchCompleteResult,
  ZWatchHeartbeat,
  ZWatchHeartbeatResult,
  ZWatchSession,
  ZWatchToday,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { riskAfterCompletion } from "../risk/risk.enforce";
import { recordWatchSignal } from "../risk/signals";
import { completeWatch } from "./watch.complete.service";
import {
  beginContent,
  currentSession,
  heartbeat,
  startSession,
  type WatchDeps,
  watchToday,
} from "./watch.service";
import type { CaptchaConfig } from "./watch-captcha";
import { challengeHmacKey } from "./watch-challenge";
import { reportUnplayable } from "./watch-unplayable";

const ZIdParams = z.object({ id: z.string().max(64) });
const errors = {
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/**
 * Watch sessions: advertisement (30 s) → content (30 s) → completed and credited, on the evidence
 * of the page's heartbeats and a solved proof-of-work challenge (ADR 046).
 */
export const watchRoutes: FastifyPluginAsyncZod<{
  authSecret: string;
  publicUrl: string;
  /** The optional human check for high risk (CAPTCHA_*, ADR 046); absent: off. */
  captcha?: CaptchaConfig;
}> = async (app, opts) => {
  const challengeKey = challengeHmacKey(opts.authSecret);
  const deps = (): WatchDeps => ({
    db: app.db,
    clock: app.clock,
    challengeKey,
    captcha: opts.captcha,
  });
  todayAndStartRoutes(app);
  sessionRoutes(app, deps);
  unplayableRoute(app, opts.publicUrl);
  completeRoute(app, deps);
};

/** Today's tally, and a session started (its watch signal recorded for risk). */
function todayAndStartRoutes(app: RouteApp): void {
  app.get(
    "/api/watch/today",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary:
          "Today's credited watch sessions against the daily cap, and the videos that paid the member in the rewatch window",
        response: { 200: ZWatchToday, 401: ZErrorResponse },
      },
    },
    async (request) => watchToday(app.db, app.clock, currentMember(request).profile.id),
  );
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
}

/** The member's open session: continued after a reload, its content begun, its heartbeats. */
function sessionRoutes(app: RouteApp, deps: () => WatchDeps): void {
  app.get(
    "/api/videos/:id/sessions/current",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary:
          "The member's open session on a video (advertisement or content), to continue it after a reload; null when there is none",
        params: ZIdParams,
        response: {
          200: ZWatchSession.nullable(),
          401: errors[401],
          403: errors[403],
          404: errors[404],
        },
      },
    },
    async (request) => currentSession(deps(), currentMember(request).profile.id, request.params.id),
  );

  app.post(
    "/api/watch-sessions/:id/content",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary:
          "The advertisement ended: the video content starts (needs 30 s of advertisement attested by heartbeats); answers the session's challenge",
        params: ZIdParams,
        response: { 200: ZWatchSession, ...errors },
      },
    },
    async (request) => beginContent(deps(), currentMember(request).profile.id, request.params.id),
  );

  app.post(
    "/api/watch-sessions/:id/heartbeats",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary:
          "A heartbeat of the watching page (every 5 s): the server attests the time between two qualifying ones",
        params: ZIdParams,
        body: ZWatchHeartbeat,
        response: { 200: ZWatchHeartbeatResult, ...errors },
      },
    },
    async (request) =>
      heartbeat(deps(), currentMember(request).profile.id, request.params.id, request.body),
  );
}

/** A video that does not play, reported by a member. */
function unplayableRoute(app: RouteApp, publicUrl: string): void {
  app.post(
    "/api/videos/:id/unplayable-reports",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["watch"],
        summary:
          "Report that a video cannot be played (one report per member); enough members take it out of the feed",
        params: ZIdParams,
        body: ZUnplayableReport,
        response: { 200: ZUnplayableReportResult, ...errors },
      },
    },
    async (request) =>
      reportUnplayable({
        db: app.db,
        clock: app.clock,
        mailer: app.mailer,
        publicUrl,
        memberId: currentMember(request).profile.id,
        rawVideoId: request.params.id,
        errorCode: request.body.errorCode,
      }),
  );
}

/** The session completed: a money command (watcher and creator earn). */
function completeRoute(app: RouteApp, deps: () => WatchDeps): void {
  app.post(
    "/api/watch-sessions/:id/complete",
    {
      onRequest: app.requireMember,
      // A money request (its audit line) although it takes no Idempotency-Key: the session is one.
      config: { money: true },
      schema: {
        tags: ["watch"],
        summary:
          "Complete the session (needs 30 s of content attested by heartbeats and the solved challenge): watcher and creator earn 1 view each",
        params: ZIdParams,
        body: ZWatchComplete,
        response: { 200: ZWatchCompleteResult, ...errors },
      },
    },
    async (request) => {
      const memberId = currentMember(request).profile.id;
      const result = await completeWatch(app.money, deps(), memberId, request.params.id, {
        solution: request.body.solution,
        captchaToken: request.body.captchaToken,
        clientIp: request.ip,
      });
      // Lockstep with other members is scored now, not only by the job (ADR 071); never fails
      // the completed session.
      try {
        await riskAfterCompletion(app.db, app.clock, memberId, result.session.id);
      } catch (error) {
        request.log.warn({ err: error, memberId }, "risk after completion not recomputed");
      }
      return result;
    },
  );
}
