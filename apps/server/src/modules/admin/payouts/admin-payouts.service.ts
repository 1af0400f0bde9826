import { ADMIN, type TPayoutApprovals } from "@viewvault/shared";
import type { Db } from "../../../db/client";
import { AppError } from "../../../lib/app-error";
import type { Clock } from "../../../lib/clock";
import { keyAlreadyUsed as decisionRan } from "../../payouts/payouts.service";
import { staffRequests, withDeskRisk } from "../../support/support.service";
import {
  type DeskAnswer,
  type DeskRequestOptions,
  failWithdrawal,
  setRequestStatus,
} from "../../support/support-desk.service";

/** Payout approvals: the second approval of withdrawals above the four-eyes threshold. */

/** Withdrawals awaiting the second approval (oldest first), each with the member's history. */
export async function listPayoutApprovals(db: Db, clock: Clock): Promise<TPayoutApprovals> {
  // Each with its member's risk, cluster and holds (ADR 071), as the desk shows them.
  const waiting = await withDeskRisk(
    db,
    clock,
    await staffRequests(db, { withdrawalStatus: "AWAITING_APPROVAL" }, 100),
  );
  const approvals = await Promise.all(
    waiting.reverse().map(async (request) => ({
      request,
      history: (
        await staffRequests(
          db,
          { userId: request.userId, type: "WITHDRAWAL" },
          ADMIN.payoutHistory + 1,
        )
      )
        .filter((r) => r.id !== request.id)
        .slice(0, ADMIN.payoutHistory),
    })),
  );
  return { approvals };
}

/**
 * The console acts only at the second approval: a withdrawal still SENT (waiting for, or taken
 * by, a staff member) belongs to the support desk. Every other state goes to the database
 * command, which replays a repeated intent or refuses a decided withdrawal (states only move on
 * from AWAITING_APPROVAL, so this read cannot race into a wrong decision).
 */
async function refuseBeforeSecondApproval(options: DeskRequestOptions): Promise<void> {
  const { money, requestId, staff, idem } = options;
  // A retried decision goes on to the command, which replays its first answer (an approval
  // before sending leaves the withdrawal SENT again).
  if (await decisionRan(money.db, staff.profile.id, idem.key)) return;
  const [request] = await staffRequests(money.db, { id: requestId }, 1);
  if (!request?.withdrawal) throw new AppError("NOT_FOUND", { context: "withdrawal" });
  if (request.withdrawal.status === "SENT") {
    throw new AppError("CONFLICT", { context: "withdrawalState", status: "SENT" });
  }
}

/**
 * Approves a withdrawal awaiting the second approval through the desk's own command
 * (vv_withdraw_complete): the four-eyes rule — an admin who is neither the member nor the staff
 * member who processed it — lives there only; the payout is posted once.
 */
export async function approvePayout(options: DeskRequestOptions): Promise<DeskAnswer> {
  await refuseBeforeSecondApproval(options);
  return setRequestStatus({ ...options, body: { status: "COMPLETED" } });
}

/** Rejects it through the desk's fail path (vv_withdraw_fail): the full amount comes back. */
export async function rejectPayout(
  options: DeskRequestOptions & { reason: string },
): Promise<DeskAnswer> {
  await refuseBeforeSecondApproval(options);
  return failWithdrawal(options);
}
