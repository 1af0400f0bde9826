import type { FastifyInstance } from "fastify";
import { currentMember } from "../../plugins/auth";
import type { RouteGuard } from "../idempotency/money-route";
import { requireStepUp, staffActionOf } from "./step-up.service";

/** A route guard: the signed-in staff member's session confirmed a step-up recently (ADR 029). */
export function stepUpGuard(app: FastifyInstance): RouteGuard {
  return (request) =>
    requireStepUp(app.db, app.clock, currentMember(request), staffActionOf(request));
}
