import type { WithdrawalStatus } from "./contracts/withdrawals";

/** What a staff member can do to a withdrawal from the support desk or the console. */
export type WithdrawalDeskAction =
  | "take"
  | "release"
  | "complete"
  | "requestApproval"
  | "approve"
  | "fail";

/**
 * The actions the desk offers a staff member for a withdrawal in its state: exactly
 * those the database commands accept (`vv_withdraw_take`/`_release`/`_complete`/`_fail`, ADR 022,
 * 050), so nothing offered is then refused:
 * - nobody's own withdrawal;
 * - waiting, not taken: take it, or fail it (nothing was sent);
 * - taken by the viewer: hand it back, record the hash (above the four-eyes threshold only once
 *   an admin approved it: before that, ask for the approval — ADR 062), fail it;
 * - taken by a colleague: an admin may hand it back; nothing else;
 * - awaiting the second approval: an admin who did not process it approves; that admin or the
 *   processor fails (rejects) it;
 * - completed or failed: nothing.
 */
export function withdrawalDeskActions(
  withdrawal: {
    status: WithdrawalStatus;
    processedBy: string | null;
    needsSecondApproval?: boolean;
    approved?: boolean;
  },
  owner: { userId: string },
  viewer: { id: string; username: string; role: string },
): WithdrawalDeskAction[] {
  if (owner.userId === viewer.id) return [];
  const admin = viewer.role === "admin";
  const mine = withdrawal.processedBy === viewer.username;
  switch (withdrawal.status) {
    case "SENT":
      if (withdrawal.processedBy === null) return ["take", "fail"];
      if (mine) {
        const approvalFirst = withdrawal.needsSecondApproval === true && !withdrawal.approved;
        return ["release", approvalFirst ? "requestApproval" : "complete", "fail"];
      }
      return admin ? ["release"] : [];
    case "AWAITING_APPROVAL":
      if (mine) return ["fail"];
      return admin ? ["approve", "fail"] : [];
    default:
      return [];
  }
}
