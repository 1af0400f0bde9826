import type { Role, TProfile } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { cancelAllOffersOf } from "../marketplace/marketplace.repository";
import { deleteSessionsOfUser, setRole, setSuspended } from "../members/members.repository";
import { toProfileDto } from "../profiles/profiles.service";
import { cancelPendingRequests } from "../view-requests/view-requests.service";
import { recordAuditEvent } from "./admin.repository";

/**
 * Suspends (or reinstates) a member. Suspending revokes every session, cancels (and refunds)
 * their waiting view requests and closes their open marketplace offers (the escrowed views come
 * back) in the same transaction, so the member is signed out everywhere at
 * once, cannot sign in again, and no match can pay them.
 */
export async function setMemberSuspended(
  db: Db,
  clock: Clock,
  actorProfileId: string,
  targetProfileId: string,
  suspended: boolean,
): Promise<TProfile> {
  if (actorProfileId === targetProfileId)
    throw new AppError("FORBIDDEN", { context: "selfSuspend" });
  return db.transaction(async (tx) => {
    const profile = await setSuspended(tx, targetProfileId, suspended);
    if (!profile) throw new AppError("NOT_FOUND", { context: "member" });
    const revoked = suspended ? await deleteSessionsOfUser(tx, profile.authUid) : 0;
    const cancelledRequests = suspended ? await cancelPendingRequests(tx, clock, profile.id) : 0;
    const cancelledOffers = suspended ? await cancelAllOffersOf(tx, profile.id, clock.now()) : 0;
    await recordAuditEvent(tx, {
      actorProfileId,
      action: suspended ? "member.suspend" : "member.reinstate",
      targetProfileId,
      details: {
        revokedSessions: revoked,
        cancelledViewRequests: cancelledRequests,
        cancelledMarketOffers: cancelledOffers,
      },
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
  if (actorProfileId === targetProfileId) throw new AppError("FORBIDDEN", { context: "selfRole" });
  return db.transaction(async (tx) => {
    const profile = await setRole(tx, targetProfileId, role);
    if (!profile) throw new AppError("NOT_FOUND", { context: "member" });
    await recordAuditEvent(tx, {
      actorProfileId,
      action: "member.role",
      targetProfileId,
      details: { role },
    });
    return toProfileDto(profile);
  });
}
