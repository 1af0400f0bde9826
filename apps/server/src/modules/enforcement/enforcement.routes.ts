import { ZAppealRequest, ZErrorResponse, ZOwnEnforcement } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";
import { appealPause, ownEnforcement } from "./enforcement.service";

/** The member's side of enforcement (ADR 048): see a cash-out pause and appeal it. */
export const enforcementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/me/enforcement",
    {
      onRequest: app.requireMember,
      schema: {
        tags: ["enforcement"],
        summary: "Whether cash-out is paused on the member's account, why, and their appeal",
        response: { 200: ZOwnEnforcement, 401: ZErrorResponse },
      },
    },
    async (request) => ownEnforcement(app.db, currentMember(request).profile.id),
  );

  app.post(
    "/api/me/enforcement/appeal",
    {
      onRequest: app.requireMember,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["enforcement"],
        summary: "Appeal a cash-out pause: opens a support request of type APPEAL (once)",
        body: ZAppealRequest,
        response: {
          200: ZOwnEnforcement,
          400: ZErrorResponse,
          401: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => appealPause(app.db, app.clock, currentMember(request), request.body),
  );
};
