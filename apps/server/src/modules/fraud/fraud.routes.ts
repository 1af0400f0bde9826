import {
  type FraudAction,
  ZErrorResponse,
  ZFraudActionRequest,
  ZFraudEvidence,
  ZFraudQueue,
} from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { requireStepUp, staffActionOf } from "../step-up/step-up.service";
import { applyFraudAction } from "./fraud.actions.service";
import { getFraudEvidence, getFraudQueue } from "./fraud.service";

const ZMemberParams = z.object({ profileId: z.uuid() });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};

/** The URL segment of each action. */
const ACTIONS: Record<FraudAction, { path: string; summary: string }> = {
  clear: {
    path: "clear",
    summary:
      "Mark the member reviewed: their risk score resets (signals seen so far stop counting)",
  },
  clawBack: { path: "claw-back", summary: "Claw back the member's held (pending) earnings" },
  pause: {
    path: "pause",
    summary: "Pause the member's cash-out with a reason they see (they keep signing in)",
  },
  lift: { path: "lift", summary: "Lift the member's cash-out pause" },
  suspend: {
    path: "suspend",
    summary: "Suspend the member (sessions revoked; view requests and offers cancelled)",
  },
};

/**
 * The fraud queue (ADR 048): admins only (admin role with 2FA on); every action needs a reason,
 * a recent step-up (ADR 029) and writes an audit row.
 */
export const fraudRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { onRequest: app.requireAdmin };

  app.get(
    "/api/fraud/queue",
    {
      ...admin,
      schema: {
        tags: ["fraud"],
        summary: "Clusters of members sharing a device or a network, and high-risk members",
        response: { 200: ZFraudQueue, ...errors },
      },
    },
    async () => getFraudQueue(app.db, app.clock),
  );

  app.get(
    "/api/fraud/members/:profileId",
    {
      ...admin,
      schema: {
        tags: ["fraud"],
        summary:
          "A member's risk evidence: reasons, sessions and timings, shared signals, referrals",
        params: ZMemberParams,
        response: { 200: ZFraudEvidence, ...errors },
      },
    },
    async (request) => getFraudEvidence(app.db, app.clock, request.params.profileId),
  );

  for (const [action, { path, summary }] of Object.entries(ACTIONS) as [
    FraudAction,
    (typeof ACTIONS)[FraudAction],
  ][]) {
    app.post(
      `/api/fraud/members/:profileId/${path}`,
      {
        ...admin,
        schema: {
          tags: ["fraud"],
          summary: `${summary} (a reason; needs a recent step-up; audited)`,
          params: ZMemberParams,
          body: ZFraudActionRequest,
          response: { 200: ZFraudEvidence, ...errors },
        },
      },
      async (request) => {
        const staff = currentMember(request);
        await requireStepUp(app.db, app.clock, staff, staffActionOf(request));
        await applyFraudAction({
          money: app.money,
          clock: app.clock,
          actor: { profileId: staff.profile.id, role: staff.profile.role, address: request.ip },
          memberId: request.params.profileId,
          action,
          reason: request.body.reason,
        });
        return getFraudEvidence(app.db, app.clock, request.params.profileId);
      },
    );
  }
};
