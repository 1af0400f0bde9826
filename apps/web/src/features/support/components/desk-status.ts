import type { TSupportRequest } from "@viewvault/shared";

type Withdrawal = Pick<NonNullable<TSupportRequest["withdrawal"]>, "status" | "processedBy">;

/**
 * A withdrawal's one status on a desk row, the badge's and the status dropdown's current choice
 * alike: waiting and taken are both SENT in the database, told apart by who took it; every later
 * state is the withdrawal's own (its request reads COMPLETED once it failed, too).
 */
export function withdrawalStatusKey(w: Withdrawal): string {
  if (w.status === "SENT") return w.processedBy ? "status.PROCESSING" : "status.PENDING";
  return `withdrawalStatus.${w.status}`;
}
