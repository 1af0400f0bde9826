import {
  dailySchedule,
  ZAnnualClaimResult,
  ZDailyClaimResult,
  ZDailyWinners,
  ZErrorResponse,
  ZEventsState,
} from "@viewvault/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { RouteApp } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { moneyRoute } from "../idempotency/money-route";
import { createDailyClaimGate, type DailyClaimGate } from "./daily-claim-gate";
import { claimAnnual, claimDaily, dailyWinners, eventsState } from "./events.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });
/** A claim is one click by a person: a script hammering the button gets nothing more. */
const claimLimit = { rateLimit: { max: 10, timeWindow: 60_000 } };

/**
 * "Too Late!" for everyone after the day's winner: one error, made once — a storm of a thousand
 * losers at the opening second need not capture a thousand stack traces (ADR 039).
 */
const TOO_LATE = new AppError("EVENT_ALREADY_CLAIMED", { context: "daily" });

/**
 * After the member is known and before the rate limit's counter (ADR 037): once this process
 * knows today's committed winner, anyone else is "Too Late!" without a query; until then a
 * claim waits for its turn at the database.
 */
function dailyTurnOf(app: RouteApp, dailyGate: DailyClaimGate) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const schedule = dailySchedule(app.clock.now());
    if (!schedule.open) return;
    const turn = await dailyGate.admit(schedule.date, currentMember(request).profile.id);
    if (turn === "tooLate") throw TOO_LATE;
    // Freed when the answer is out (or the client went away, even while it waited).
    if (reply.raw.closed || request.raw.destroyed) turn.done();
    else reply.raw.once("close", turn.done);
  };
}

/** The events now, and the daily winners. */
function stateRoutes(app: RouteApp, dailyGate: DailyClaimGate): void {
  app.get(
    "/api/events",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["events"],
        summary: "The daily and annual events now: schedule, winners, whether the member may claim",
        response: { 200: ZEventsState, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const member = currentMember(request);
      return eventsState(
        app.db,
        app.clock,
        { profile: member.profile, userId: member.userId },
        dailyGate,
      );
    },
  );

  app.get(
    "/api/events/daily/winners",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["events"],
        summary: "The Daily First Claim winners of the last 30 Los Angeles dates",
        response: { 200: ZDailyWinners, 401: ZErrorResponse },
      },
    },
    async () => dailyWinners(app.db, app.clock),
  );
}

/** The two claims: money commands, replayable by Idempotency-Key. */
function claimRoutes(app: RouteApp, dailyGate: DailyClaimGate): void {
  const dailyTurn = dailyTurnOf(app, dailyGate);
  app.post(
    "/api/events/daily/claim",
    {
      onRequest: [app.requireMember, dailyTurn],
      config: claimLimit,
      schema: {
        tags: ["events"],
        summary: "Claim today's Daily First Claim (100 views; one winner per Los Angeles date)",
        headers: idempotencyHeader,
        response: { 201: ZDailyClaimResult, ...errors, 429: ZErrorResponse },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        claimDaily(app, dailyGate, currentMember(request).profile, idem),
      ),
  );

  app.post(
    "/api/events/annual/claim",
    {
      onRequest: app.requireMember,
      config: claimLimit,
      schema: {
        tags: ["events"],
        summary: "Claim this year's 1,000,000 views (one winner per UTC year; verified accounts)",
        headers: idempotencyHeader,
        response: { 201: ZAnnualClaimResult, ...errors, 429: ZErrorResponse },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) => claimAnnual(app, currentMember(request).profile, idem)),
  );
}

/** The Daily First Claim and the annual "1 Million Views" event (ADR 018). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const dailyGate = createDailyClaimGate();
  stateRoutes(app, dailyGate);
  claimRoutes(app, dailyGate);
};
