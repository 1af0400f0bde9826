import {
  ZErrorResponse,
  ZEventBonus,
  ZGrantBonusRequest,
  ZRewardClaimResult,
  ZRewards,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { actorOf } from "../audit/staff-actor";
import { moneyRoute } from "../idempotency/money-route";
import { stepUpGuard } from "../step-up/step-up.guard";
import { claimBonus, claimMilestone, grantBonus, rewardsOf } from "./rewards.service";

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });
const ZIdParams = z.object({ id: z.uuid() });

/** Event bonuses (granted by staff) and milestone rewards: listed and claimed once. */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  const stepUp = stepUpGuard(app);
  app.get(
    "/api/rewards",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["rewards"],
        summary: "The member's AVAILABLE event bonuses and milestone rewards",
        response: { 200: ZRewards, 401: ZErrorResponse },
      },
    },
    async (request) => rewardsOf(app.db, currentMember(request).profile.id),
  );

  app.post(
    "/api/rewards/bonuses/:id/claim",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["rewards"],
        summary: "Claim an event bonus (USDT, once; Idempotency-Key supported)",
        params: ZIdParams,
        headers: idempotencyHeader,
        response: { 200: ZRewardClaimResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        claimBonus(app, currentMember(request).profile.id, request.params.id, idem),
      ),
  );

  app.post(
    "/api/rewards/milestones/:id/claim",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["rewards"],
        summary: "Claim a milestone reward (USDT, once; Idempotency-Key supported)",
        params: ZIdParams,
        headers: idempotencyHeader,
        response: { 200: ZRewardClaimResult, ...errors },
      },
    },
    async (request, reply) =>
      moneyRoute(request, reply, (idem) =>
        claimMilestone(app, currentMember(request).profile.id, request.params.id, idem),
      ),
  );

  app.post(
    "/api/admin/members/:profileId/bonuses",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Grant a member an event bonus in USDT, with a reason, once per Idempotency-Key (required; admin, after a recent step-up; audited)",
        params: z.object({ profileId: z.uuid() }),
        headers: z.object({ "idempotency-key": z.string() }),
        body: ZGrantBonusRequest,
        response: { 201: ZEventBonus, ...errors },
      },
    },
    // Money for a member: the admin confirmed who they are in the last few minutes (ADR 029).
    async (request, reply) =>
      moneyRoute(
        request,
        reply,
        (idem) => grantBonus(app, actorOf(request), request.params.profileId, request.body, idem),
        stepUp,
      ),
  );
};
