import { ZErrorResponse } from "@viewvault/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentMember } from "../../plugins/auth";

/** Who acts, in which role, from which address (every audit row names all three). */
export interface StaffActor {
  profileId: string;
  role: string;
  address: string | null;
}

/** The staff member behind an admin request, as the audit log names them. */
export function actorOf(request: FastifyRequest): StaffActor {
  const member = currentMember(request);
  return { profileId: member.profile.id, role: member.profile.role, address: request.ip };
}

/** The error answers every admin route documents. */
export const adminErrors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};

/** The Fastify instance admin routes register on (zod type provider). */
export type AdminApp = Parameters<FastifyPluginAsyncZod>[0];
