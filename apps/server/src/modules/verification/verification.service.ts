import { type TBalances, type TVerifyAccountResult, VERIFICATION } from "@viewvault/shared";
import type { Clock } from "../../lib/clock";
import type { Idempotency } from "../idempotency/idempotency";
import {
  type CommandOutcome,
  command,
  IDEMPOTENCY_ARGS,
  type Money,
} from "../ledger/money-command";

const VERIFY_COMMAND = command("vv_verify", {
  p_member: "uuid",
  ...IDEMPOTENCY_ARGS,
  p_cost: "bigint",
  p_now: "timestamptz",
});

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
  return VERIFY_COMMAND.run<{ isVerified: true; costViews: string; balances: TBalances }>(
    money,
    { member: profileId, ...idem, cost: VERIFICATION.costViews, now: clock.now() },
    {
      insufficient: {
        code: "INSUFFICIENT_BALANCE",
        params: { context: "verification", cost: VERIFICATION.costViews.toString() },
      },
    },
  );
}
