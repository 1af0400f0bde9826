import { ZStepUpRequest, ZStepUpState } from "@viewvault/shared";
import { z } from "zod";
import { type RouteApp, staffErrors } from "../../lib/route-schema";
import { currentMember } from "../../plugins/auth";
import { confirmStepUp, stepUpState } from "./step-up.service";

function stateRoute(app: RouteApp): void {
  app.get(
    "/api/admin/step-up",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "This session's last password or 2FA confirmation, while still valid",
        response: { 200: z.object({ stepUp: ZStepUpState.nullable() }), ...staffErrors },
      },
    },
    async (request) => ({
      stepUp: await stepUpState(app.db, app.clock, currentMember(request)),
    }),
  );
}

function confirmRoute(app: RouteApp, authSecret: string): void {
  app.post(
    "/api/admin/step-up",
    {
      onRequest: app.requireAdmin,
      config: { rateLimit: { max: 5, timeWindow: 60_000 } },
      schema: {
        tags: ["admin"],
        summary: "Confirm the password or a 2FA code for the next few minutes of admin actions",
        body: ZStepUpRequest,
        response: { 200: ZStepUpState, ...staffErrors },
      },
    },
    async (request) =>
      confirmStepUp(app.db, authSecret, app.clock, currentMember(request), request.body),
  );
}

/** The step-up a staff session confirms before money or role actions (ADR 029). */
export function registerStepUpRoutes(app: RouteApp, authSecret: string): void {
  stateRoute(app);
  confirmRoute(app, authSecret);
}
