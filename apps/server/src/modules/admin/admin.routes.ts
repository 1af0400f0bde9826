import { ROLES, ZErrorResponse, ZProfile, ZSetSuspendedRequest } from "@viewvault/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentMember } from "../../plugins/auth";
import { changeMemberRole, setMemberSuspended } from "./admin.service";

const ZMemberParams = z.object({ profileId: z.uuid() });
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
};

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/api/admin/members/:profileId/suspension",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Suspend or reinstate a member (suspending revokes their sessions)",
        params: ZMemberParams,
        body: ZSetSuspendedRequest,
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) =>
      setMemberSuspended(
        app.db,
        app.clock,
        currentMember(request).profile.id,
        request.params.profileId,
        request.body.suspended,
      ),
  );

  app.put(
    "/api/admin/members/:profileId/role",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Change a member's role",
        params: ZMemberParams,
        body: z.object({ role: z.enum(ROLES) }),
        response: { 200: ZProfile, ...errors },
      },
    },
    async (request) =>
      changeMemberRole(
        app.db,
        currentMember(request).profile.id,
        request.params.profileId,
        request.body.role,
      ),
  );
};
