import type { TAppealRequest, TOwnEnforcement } from "@viewvault/shared";
import type { Db, DbOrTx } from "../../db/client";
import { supportRequests } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../plugins/auth";
import { riskOf } from "../risk/risk.repository";
import {
  type EnforcementRow,
  enforcementOf,
  lockEnforcement,
  pausedReason,
  updateEnforcement,
} from "./enforcement.repository";

/**
 * Refuses a cash-out (withdrawal, USDT transfer) while staff have paused the member's cash-out
 * (ADR 048), with the pause's reason. Inside the command's transaction it share-locks the row,
 * so a pause committed first is always seen.
 */
export async function assertCashoutAllowed(db: DbOrTx, memberId: string): Promise<void> {
  const reason = await pausedReason(db, memberId);
  if (reason !== null) throw new AppError("CASHOUT_PAUSED", { reason });
}

function own(row: EnforcementRow | undefined, inReview = false): TOwnEnforcement {
  if (!row?.cashoutPausedAt) return { cashoutPaused: null, inReview };
  return {
    inReview,
    cashoutPaused: {
      reason: row.reason ?? "",
      pausedAt: row.cashoutPausedAt.toISOString(),
      appealRequestId: row.appealRequestId,
    },
  };
}

/** What the member sees: their cash-out pause (reason, time, their appeal), or none. */
export async function ownEnforcement(db: Db, memberId: string): Promise<TOwnEnforcement> {
  const [row, risk] = await Promise.all([enforcementOf(db, memberId), riskOf(db, memberId)]);
  return own(row, risk?.level === "high");
}

/**
 * The member appeals their pause: one support request of type APPEAL (the desk shows it with the
 * pause's reason). Appealing again while the first appeal stands answers that appeal.
 */
export async function appealPause(
  db: Db,
  clock: Clock,
  member: Member,
  appeal: TAppealRequest,
): Promise<TOwnEnforcement> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const row = await lockEnforcement(tx, member.profile.id, now);
    if (!row.cashoutPausedAt) throw new AppError("CONFLICT", { context: "notPaused" });
    const inReview = (await riskOf(tx, member.profile.id))?.level === "high";
    if (row.appealRequestId) return own(row, inReview);
    const [request] = await tx
      .insert(supportRequests)
      .values({
        userId: member.profile.id,
        username: member.profile.username,
        requestType: "APPEAL",
        message: appeal.message,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: supportRequests.id });
    const appealRequestId = (request as { id: string }).id;
    await updateEnforcement(tx, member.profile.id, { appealRequestId, updatedAt: now });
    return own({ ...row, appealRequestId }, inReview);
  });
}
