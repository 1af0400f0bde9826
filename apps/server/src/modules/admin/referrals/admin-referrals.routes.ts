import { ZAdminReasonRequest, ZHeldReferral, ZHeldReferralResult } from "@viewvault/shared";
import { z } from "zod";
import { type RouteApp, staffErrors } from "../../../lib/route-schema";
import { actorOf } from "../../audit/staff-actor";
import { moneyRoute } from "../../idempotency/money-route";
import { stepUpGuard } from "../../step-up/step-up.guard";
import { approveHeldReferral, listHeldReferrals, rejectReferral } from "./admin-referrals.service";

const ZReferralParams = z.object({ referralId: z.uuid() });

function heldRoute(app: RouteApp): void {
  app.get(
    "/api/admin/referrals/held",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Referral rewards held for review, with their evidence (oldest first)",
        response: { 200: z.object({ referrals: z.array(ZHeldReferral) }), ...staffErrors },
      },
    },
    async () => ({ referrals: await listHeldReferrals(app.db) }),
  );
}

function approveRoute(app: RouteApp): void {
  const stepUp = stepUpGuard(app);
  app.post(
    "/api/admin/referrals/:referralId/approve",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Pay a held referral's rewards, once (Idempotency-Key; needs a recent step-up)",
        headers: z.object({ "idempotency-key": z.string().optional() }),
        params: ZReferralParams,
        body: ZAdminReasonRequest,
        response: { 200: ZHeldReferralResult, ...staffErrors },
      },
    },
    async (request, reply) =>
      moneyRoute(
        request,
        reply,
        (idem) =>
          approveHeldReferral(
            app.money,
            app.clock,
            actorOf(request),
            request.params.referralId,
            request.body.reason,
            idem,
          ),
        stepUp,
      ),
  );
}

function rejectRoute(app: RouteApp): void {
  app.post(
    "/api/admin/referrals/:referralId/reject",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Reject a held referral with a reason (nothing is paid)",
        params: ZReferralParams,
        body: ZAdminReasonRequest,
        response: { 200: ZHeldReferralResult, ...staffErrors },
      },
    },
    async (request) =>
      rejectReferral({
        db: app.db,
        clock: app.clock,
        actor: actorOf(request),
        referralId: request.params.referralId,
        reason: request.body.reason,
      }),
  );
}

/** Referral rewards held for review: the queue, approval (pays once) and rejection (ADR 028). */
export function registerReferralRoutes(app: RouteApp): void {
  heldRoute(app);
  approveRoute(app);
  rejectRoute(app);
}
