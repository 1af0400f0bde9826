import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";

/** What clawing back a member's held (pending) earnings answers, for the audit row. */
export type ClawBackResult = Record<string, unknown>;

/**
 * Claws back the member's held earnings (SPEC §11): the holds module owns the money movement
 * (pending balance back to the platform, one transaction, its own ledger postings).
 *
 * TODO(coordinator): wire to `clawBackMemberHolds(db, memberId, staffId, reason)` from
 * modules/holds/holds.service.ts (helper h6) once both branches are merged; until then there is
 * nothing held to claw back on this branch, so it answers NOT_FOUND.
 */
export async function clawBackHeldEarnings(
  _db: Db,
  _memberId: string,
  _staffId: string,
  _reason: string,
): Promise<ClawBackResult> {
  throw new AppError("NOT_FOUND", { context: "heldEarnings" });
}
