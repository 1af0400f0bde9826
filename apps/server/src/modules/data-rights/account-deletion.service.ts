import { ACCOUNT_DELETION, type TDeleteAccountRequest } from "@viewvault/shared";
import { type Db, runPrepared } from "../../db/client";
import { functionCall, valuesOf } from "../../db/function-call";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../lib/member";
import { confirmIdentity } from "../identity/identity.service";
import { command, type Money } from "../ledger/money-command";

const REQUEST_COMMAND = command("vv_request_account_deletion", {
  p_member: "uuid",
  p_forfeit: "boolean",
  p_now: "timestamptz",
  p_due: "timestamptz",
});
const CANCEL = functionCall(
  "vv_cancel_account_deletion",
  { p_auth: "text", p_now: "timestamptz" },
  "jsonb",
);
const RUN_DUE = functionCall(
  "vv_run_account_deletions",
  { p_now: "timestamptz", p_limit: "int" },
  "jsonb",
);

const DAY_MS = 24 * 3600_000;

/**
 * The member asks to delete their account (ADR 036): the password or a 2FA code again, then
 * vv_request_account_deletion in one statement (refusals, the balance choice, the schedule
 * `ACCOUNT_DELETION.graceDays` from now, every session revoked, the "scheduled" e-mail).
 */
export async function requestAccountDeletion(
  money: Money,
  clock: Clock,
  authSecret: string,
  member: Member,
  request: TDeleteAccountRequest,
) {
  await confirmIdentity(money.db, authSecret, member, request);
  const now = clock.now();
  const due = new Date(now.getTime() + ACCOUNT_DELETION.graceDays * DAY_MS);
  const outcome = await REQUEST_COMMAND.run<{ scheduled: true; deleteAt: string }>(money, {
    member: member.profile.id,
    forfeit: request.forfeitBalance ?? false,
    now,
    due,
  });
  return outcome.result;
}

/**
 * Signing in: a scheduled deletion of this sign-in identity is cancelled (and the member told by
 * e-mail); `deleted` when the deletion job got there first, so the sign-in must be refused.
 */
export async function cancelAccountDeletion(
  db: Db,
  clock: Clock,
  authUid: string,
): Promise<{ cancelled: boolean; deleted: boolean }> {
  const [row] = await runPrepared<{ outcome: { cancelled: boolean; deleted: boolean } }>(
    db,
    CANCEL,
    valuesOf(CANCEL, { auth: authUid, now: clock.now() }),
  );
  return row?.outcome ?? { cancelled: false, deleted: false };
}

/**
 * The deletion job: performs up to `limit` due deletions (SKIP LOCKED, so several instances may
 * run it at once and each deletion happens once). Returns the members deleted and the ones still
 * blocked (an offer or a withdrawal appeared since the request; tried again at the next run).
 */
export async function runDueAccountDeletions(
  db: Db,
  clock: Clock,
  limit: number = ACCOUNT_DELETION.batchSize,
): Promise<{ done: string[]; blocked: string[] }> {
  const [row] = await runPrepared<{ outcome: { done: string[]; blocked: string[] } }>(
    db,
    RUN_DUE,
    valuesOf(RUN_DUE, { now: clock.now(), limit }),
  );
  return row?.outcome ?? { done: [], blocked: [] };
}
