import { type TBalances, type TVerifyAccountResult, VERIFICATION } from "@viewvault/shared";
import type { Clock } from "../../lib/clock";
import type { Idempotency } from "../idempotency/idempotency";
import { type CommandOutcome, command, type Money, runCommand } from "../ledger/money-command";

const VERIFY_COMMAND = command("vv_verify", [
  "uuid",
  "text",
  "text",
  "text",
  "bigint",
  "timestamptz",
]);

/**
 * Verifies the member's account for 1,000 views (ADR 016) through the verify command
 * (vv_verify): the profile row is locked, so of two concurrent verifies one charges and the other
 * is refused ALREADY_VERIFIED; too few views is the seed's insufficient-views message.
 */
export async function verifyAccount(
  money: Money,
  clock: Clock,
  profileId: string,
  idem: Idempotency,
): Promise<CommandOutcome<TVerifyAccountResult>> {
  return runCommand<{ isVerified: true; costViews: string; balances: TBalances }>(
    money,
    VERIFY_COMMAND,
    [profileId, idem.key, idem.route, idem.hash, VERIFICATION.costViews, clock.now().toISOString()],
    {
      insufficient: {
        code: "INSUFFICIENT_BALANCE",
        params: { context: "verification", cost: VERIFICATION.costViews.toString() },
      },
    },
  );
}
