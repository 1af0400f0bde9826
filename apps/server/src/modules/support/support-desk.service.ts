import type { TSupportRequest, TUpdateSupportStatusRequest } from "@viewvault/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type CommandOutcome, command } from "../ledger/money-command";
import { type DeskActor, STAFF_ACTOR, staffActor } from "../payouts/payouts.commands";
import {
  failWithdrawal as failPayout,
  type PayoutDesk,
  setWithdrawalStatus,
} from "../payouts/payouts.service";
import { replaceStuckSend, sendFromHotWallet } from "../payouts/payouts-hot-wallet.service";
import { deskRequest } from "./support.service";

/**
 * The desk's actions on a request (ADR 061): each reads the request once, hands a withdrawal's to
 * the payout desk (modules/payouts) or sets another request's status, and answers the request as
 * it is afterwards.
 */

/** A desk action: the payout desk's dependencies and who acts on which request. */
export type DeskRequestOptions = PayoutDesk & DeskActor;

/** The request after the action, and whether the action replayed an earlier answer. */
export interface DeskAnswer {
  request: TSupportRequest;
  replayed: boolean;
}

const SET_STATUS = command(
  "vv_support_set_status",
  { ...STAFF_ACTOR, p_status: "text", p_now: "timestamptz" },
  { posts: false },
);

async function answer(
  db: Db,
  requestId: string,
  outcome: CommandOutcome<unknown>,
): Promise<DeskAnswer> {
  return { request: await deskRequest(db, requestId), replayed: outcome.replayed };
}

/**
 * The desk's status dropdown. A withdrawal's request drives its claim (the payout desk's
 * `setWithdrawalStatus`); any other request's status is set freely. Every change is audited in
 * the same transaction.
 */
export async function setRequestStatus(
  options: DeskRequestOptions & { body: TUpdateSupportStatusRequest },
): Promise<DeskAnswer> {
  const { money, clock, requestId, body } = options;
  const current = await deskRequest(money.db, requestId);
  const claim = current.withdrawal;
  const outcome = claim
    ? await setWithdrawalStatus({ ...options, claim, memberId: current.userId })
    : await SET_STATUS.run(money, {
        ...staffActor(options),
        status: body.status,
        now: clock.now(),
      });
  return answer(money.db, requestId, outcome);
}

/** The desk's one-click send (or replacement) from the network's hot wallet (ADR 058). */
export async function sendWithdrawal(
  options: DeskRequestOptions & { action: "send" | "replace" },
): Promise<DeskAnswer> {
  const { money, requestId, action } = options;
  const current = await deskRequest(money.db, requestId);
  const claim = current.withdrawal;
  if (!claim) throw new AppError("NOT_FOUND", { context: "withdrawal" });
  const run = action === "send" ? sendFromHotWallet : replaceStuckSend;
  return answer(money.db, requestId, await run({ ...options, claim, memberId: current.userId }));
}

/** Fails a withdrawal with the reason shown to the member: the full amount comes back. */
export async function failWithdrawal(
  options: DeskRequestOptions & { reason: string },
): Promise<DeskAnswer> {
  return answer(options.money.db, options.requestId, await failPayout(options));
}
