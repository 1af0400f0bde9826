import type { TDeleteAccountRequest } from "@viewvault/shared";
import type { Clock } from "../../lib/clock";
import type { Member } from "../../plugins/auth";
import { command, type Money, runCommand } from "../ledger/money-command";
import { confirmIdentity } from "../profiles/profiles.service";

const DELETE_COMMAND = command("vv_delete_account", ["uuid", "boolean", "timestamptz"]);

/**
 * Deletes the member's account (ADR 026): the password or a 2FA code again, then
 * vv_delete_account in one statement (refusals, the forfeit posting if chosen, anonymisation,
 * sessions and credentials gone).
 */
export async function deleteAccount(
  money: Money,
  clock: Clock,
  authSecret: string,
  member: Member,
  request: TDeleteAccountRequest,
) {
  await confirmIdentity(money.db, authSecret, member, request);
  const outcome = await runCommand<{ deleted: true; forfeited: { views: string; usdt: string } }>(
    money,
    DELETE_COMMAND,
    [member.profile.id, request.forfeitBalance ?? false, clock.now().toISOString()],
  );
  return outcome.result;
}
