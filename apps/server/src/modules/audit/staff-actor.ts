import type { FastifyRequest } from "fastify";
import { currentMember } from "../../plugins/auth";

/** Who acts, in which role, from which address (every audit row names all three). */
export interface StaffActor {
  profileId: string;
  role: string;
  address: string | null;
}

/** The staff member behind a request, as the audit log names them. */
export function actorOf(request: FastifyRequest): StaffActor {
  const member = currentMember(request);
  return { profileId: member.profile.id, role: member.profile.role, address: request.ip };
}
