import type { TDeskReviewRequest } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { recordAuditEvent } from "../audit/audit.service";
import {
  lockEnforcement,
  openReviewRequest,
  updateEnforcement,
} from "../enforcement/enforcement.repository";
import { riskOf } from "../risk/risk.repository";
import { deskRequest } from "./support.service";

/** Who asks for the review of which withdrawal's member, from where, with what note. */
export interface AskForReviewOptions {
  db: Db;
  clock: Clock;
  staff: Member;
  ip: string;
  requestId: string;
  note?: string | undefined;
}

/**
 * The desk's "Ask an admin to review" (ADR 071): the withdrawing member is high risk and not
 * reviewed since (the database refuses their payout), so support records the request on the
 * member's enforcement row, audited in the same transaction; the fraud queue lists them first.
 * Asking again while it is open answers the open request (the first asker's) and writes nothing.
 * A member not in review is a CONFLICT: there is nothing for an admin to review.
 */
export async function askForReview(options: AskForReviewOptions): Promise<TDeskReviewRequest> {
  const { db, clock, staff, ip, requestId } = options;
  const request = await deskRequest(db, requestId);
  if (!request.withdrawal) throw new AppError("NOT_FOUND", { context: "withdrawal" });
  const memberId = request.userId;
  const note = options.note?.trim() || null;
  const now = clock.now();
  await db.transaction(async (tx) => {
    // The row lock orders two asks at once: the second sees the first's request.
    const row = await lockEnforcement(tx, memberId, now);
    const risk = await riskOf(tx, memberId);
    if (risk?.level !== "high") throw new AppError("CONFLICT", { context: "notInRiskReview" });
    if (row.reviewRequestedAt) return;
    await updateEnforcement(tx, memberId, {
      reviewRequestedAt: now,
      reviewRequestedBy: staff.profile.id,
      reviewRequestNote: note,
      updatedAt: now,
    });
    await recordAuditEvent(tx, {
      actorProfileId: staff.profile.id,
      actorRole: staff.profile.role,
      action: "support.review_request",
      targetProfileId: memberId,
      targetType: "support_request",
      targetId: requestId,
      reason: note,
      before: { level: risk.level, score: risk.score },
      after: { reviewRequestedAt: now.toISOString() },
      address: ip,
      createdAt: now,
    });
  });
  const open = await openReviewRequest(db, memberId);
  if (!open) throw new AppError("CONFLICT", { context: "notInRiskReview" });
  return open;
}
