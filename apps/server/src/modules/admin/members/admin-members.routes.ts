import {
  ZAdminMemberDetail,
  ZAdminMemberPage,
  ZAdminMemberSearch,
  ZAdminReasonRequest,
  ZAdminRoleRequest,
  ZAdminSuspendRequest,
  ZProfile,
} from "@viewvault/shared";
import { z } from "zod";
import { type RouteApp, staffErrors } from "../../../lib/route-schema";
import { currentMember } from "../../../plugins/auth";
import { actorOf } from "../../audit/staff-actor";
import { setMemberSuspended } from "../../members/suspension.service";
import { requireStepUp, staffActionOf } from "../../step-up/step-up.service";
import {
  changeMemberRole,
  getMemberDetail,
  revokeMemberSessions,
  searchMembers,
} from "./admin-members.service";

const ZMemberParams = z.object({ profileId: z.uuid() });

function searchRoute(app: RouteApp): void {
  app.get(
    "/api/admin/members",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Find members by username or e-mail prefix, or id (paged)",
        querystring: ZAdminMemberSearch,
        response: { 200: ZAdminMemberPage, ...staffErrors },
      },
    },
    async (request) => searchMembers(app.db, request.query),
  );
}

function detailRoute(app: RouteApp): void {
  app.get(
    "/api/admin/members/:profileId",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "A member's profile, balances, activity, sessions, referrals, flags and audit",
        params: ZMemberParams,
        response: { 200: ZAdminMemberDetail, ...staffErrors },
      },
    },
    async (request) => getMemberDetail(app.db, app.clock, request.params.profileId),
  );
}

function suspensionRoute(app: RouteApp): void {
  app.put(
    "/api/admin/members/:profileId/suspension",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Suspend or reinstate a member (suspending revokes their sessions)",
        params: ZMemberParams,
        body: ZAdminSuspendRequest,
        response: { 200: ZProfile, ...staffErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return setMemberSuspended({
        db: app.db,
        clock: app.clock,
        actorProfileId: actor.profileId,
        targetProfileId: request.params.profileId,
        suspended: request.body.suspended,
        context: { actorRole: actor.role, address: actor.address, reason: request.body.reason },
      });
    },
  );
}

function roleRoute(app: RouteApp): void {
  app.put(
    "/api/admin/members/:profileId/role",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change a member's role (never one's own; needs a recent step-up)",
        params: ZMemberParams,
        body: ZAdminRoleRequest,
        response: { 200: ZProfile, ...staffErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.profileId !== request.params.profileId) {
        await requireStepUp(
          app.db,
          app.clock,
          currentMember(request),
          staffActionOf(request, `role=${request.body.role}`),
        );
      }
      return changeMemberRole({
        db: app.db,
        clock: app.clock,
        actorProfileId: actor.profileId,
        targetProfileId: request.params.profileId,
        role: request.body.role,
        context: { actorRole: actor.role, address: actor.address, reason: request.body.reason },
      });
    },
  );
}

function revokeSessionsRoute(app: RouteApp): void {
  app.post(
    "/api/admin/members/:profileId/sessions/revoke",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Sign a member out everywhere",
        params: ZMemberParams,
        body: ZAdminReasonRequest,
        response: { 200: z.object({ revoked: z.number().int() }), ...staffErrors },
      },
    },
    async (request) =>
      revokeMemberSessions({
        db: app.db,
        clock: app.clock,
        actor: actorOf(request),
        targetProfileId: request.params.profileId,
        reason: request.body.reason,
      }),
  );
}

/** The member search, the member page, suspension, role and sessions (ADR 027, ADR 029). */
export function registerMemberRoutes(app: RouteApp): void {
  searchRoute(app);
  detailRoute(app);
  suspensionRoute(app);
  roleRoute(app);
  revokeSessionsRoute(app);
}
