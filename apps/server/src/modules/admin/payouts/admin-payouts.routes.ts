import { ZFailWithdrawalRequest, ZPayoutApprovals, ZSupportRequest } from "@viewvault/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { type RouteApp, staffErrors } from "../../../lib/route-schema";
import { currentMember } from "../../../plugins/auth";
import { idempotencyOf, markReplayed } from "../../idempotency/idempotency";
import { stepUpGuard } from "../../step-up/step-up.guard";
import { approvePayout, listPayoutApprovals, rejectPayout } from "./admin-payouts.service";

const ZRequestParams = z.object({ requestId: z.uuid() });
const idempotencyHeader = z.object({ "idempotency-key": z.string().optional() });

function answer<T extends { userId: string }>(
  app: RouteApp,
  reply: FastifyReply,
  outcome: { request: T; replayed: boolean },
): T {
  markReplayed(reply, outcome.replayed);
  // The withdrawal's state changed: its member's open pages read it again (stream event).
  app.realtime.announce("withdrawals", [outcome.request.userId]);
  return outcome.request;
}

/** The admin acting on a request, as the desk's commands take it. */
function adminOptions(app: RouteApp, request: FastifyRequest, requestId: string) {
  return {
    money: app.money,
    clock: app.clock,
    payouts: app.payouts,
    staff: currentMember(request),
    ip: request.ip,
    requestId,
    idem: idempotencyOf(request),
  };
}

function awaitingRoute(app: RouteApp): void {
  app.get(
    "/api/admin/withdrawals/awaiting-approval",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Withdrawals waiting for the second approval (oldest first), with each member's history",
        response: { 200: ZPayoutApprovals, ...staffErrors },
      },
    },
    async () => listPayoutApprovals(app.db, app.clock),
  );
}

function approveRoute(app: RouteApp): void {
  const stepUp = stepUpGuard(app);
  app.post(
    "/api/admin/withdrawals/:requestId/approve",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Give a withdrawal its second approval and pay it (never the member or its processor; Idempotency-Key; needs a recent step-up)",
        headers: idempotencyHeader,
        params: ZRequestParams,
        response: { 200: ZSupportRequest, ...staffErrors },
      },
    },
    async (request, reply) => {
      const options = adminOptions(app, request, request.params.requestId);
      await stepUp(request);
      return answer(app, reply, await approvePayout(options));
    },
  );
}

function rejectRoute(app: RouteApp): void {
  const stepUp = stepUpGuard(app);
  app.post(
    "/api/admin/withdrawals/:requestId/reject",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary:
          "Reject a withdrawal awaiting the second approval with a reason: the full amount returns (Idempotency-Key; needs a recent step-up)",
        headers: idempotencyHeader,
        params: ZRequestParams,
        body: ZFailWithdrawalRequest,
        response: { 200: ZSupportRequest, ...staffErrors },
      },
    },
    async (request, reply) => {
      const options = adminOptions(app, request, request.params.requestId);
      await stepUp(request);
      return answer(app, reply, await rejectPayout({ ...options, reason: request.body.reason }));
    },
  );
}

/** The second approval of withdrawals above the four-eyes threshold. */
export function registerPayoutRoutes(app: RouteApp): void {
  awaitingRoute(app);
  approveRoute(app);
  rejectRoute(app);
}
