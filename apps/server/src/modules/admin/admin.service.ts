import type { Role, TProfile } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { deleteSessionsOfUser, setRole, setSuspended } from "../profiles/profiles.repository";
import { toProfileDto } from "../profiles/profiles.service";
import { recordAuditEvent } from "./admin.repository";

/**
 * Suspends (or reinstates) a member. Suspending revokes every session in the same transaction,
 * so the member is signed out everywhere at once and cannot sign in again.
 */
export async function setMemberSuspended(
  db: Db,
  actorProfileId: string,
  targetProfileId: string,
  suspended: boolean,
): Promise<TProfile> {
  if (actorProfileId === targetProfileId)
    throw new AppError("FORBIDDEN", "You cannot suspend yourself.");
  return db.transaction(async (tx) => {
    const profile = await setSuspended(tx, targetProfileId, suspended);
    if (!profile) throw new AppError("NOT_FOUND", "Member not found");
    const revoked = suspended ? await deleteSessionsOfUser(tx, profile.authUid) : 0;
    await recordAuditEvent(tx, {
      actorProfileId,
      action: suspended ? "member.suspend" : "member.reinstate",
      targetProfileId,
      details: { revokedSessions: revoked },
    });
    return toProfileDto(profile);
  });
}

export async function changeMemberRole(
  db: Db,
  actorProfileId: string,
  targetProfileId: string,
  role: Role,
): Promise<TProfile> {
  if (actorProfileId === targetProfileId)
    throw new AppError("FORBIDDEN", "You cannot change your own role.");
  return db.transaction(async (tx) => {
    const profile = await setRole(tx, targetProfileId, role);
    if (!profile) throw new AppError("NOT_FOUND", "Member not found");
    await recordAuditEvent(tx, {
      actorProfileId,
      action: "member.role",
      targetProfileId,
      details: { role },
    });
    return toProfileDto(profile);
  });
}
