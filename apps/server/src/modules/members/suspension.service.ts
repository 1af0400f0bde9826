import type { TProfile } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { recordAuditEvent } from "../audit/audit.service";
import { cancelAllOffersOf } from "../marketplace/marketplace.repository";
import { findProfileById } from "../profiles/profiles.repository";
import { toProfileDto } from "../profiles/profiles.service";
import { cancelPendingRequests } from "../view-requests/view-requests.service";
import { deleteSessionsOfUser, setSuspended } from "./members.repository";

// Suspension is a member's state that several staff tools change (the admin console's member page,
// the fraud queue), so it lives with the members, not in one of those tools.

/**
 * Suspends (or reinstates) a member. Suspending revokes every session, cancels (and refunds)
 * their waiting view requests and closes their open marketplace offers (the escrowed views come
 * back) in the same transaction, so the member is signed out everywhere at
 * once, cannot sign in again, and no match can pay them.
 */
export interface SetMemberSuspendedOptions {
  db: Db;
  clock: Clock;
  actorProfileId: string;
  targetProfileId: string;
  suspended: boolean;
  /** What the audit row records besides the actor. */
  context?: { actorRole?: string; address?: string | null; reason?: string };
}

export async function setMemberSuspended(options: SetMemberSuspendedOptions): Promise<TProfile> {
  const { db, clock, actorProfileId, targetProfileId, suspended, context = {} } = options;
  if (actorProfileId === targetProfileId)
    throw new AppError("FORBIDDEN", { context: "selfSuspend" });
  return db.transaction(async (tx) => {
    const before = await findProfileById(tx, targetProfileId);
    const profile = await setSuspended(tx, targetProfileId, suspended);
    if (!profile || !before) throw new AppError("NOT_FOUND", { context: "member" });
    const revoked = suspended ? await deleteSessionsOfUser(tx, profile.authUid) : 0;
    const cancelledRequests = suspended ? await cancelPendingRequests(tx, clock, profile.id) : 0;
    const cancelledOffers = suspended ? await cancelAllOffersOf(tx, profile.id, clock.now()) : 0;
    await recordAuditEvent(tx, {
      actorProfileId,
      actorRole: context.actorRole ?? null,
      address: context.address ?? null,
      reason: context.reason ?? null,
      action: suspended ? "member.suspend" : "member.reinstate",
      targetProfileId,
      before: { suspended: before.suspended },
      after: { suspended },
      details: {
        revokedSessions: revoked,
        cancelledViewRequests: cancelledRequests,
        cancelledMarketOffers: cancelledOffers,
      },
      createdAt: clock.now(),
    });
    return toProfileDto(profile);
  });
}
