import { useQuery } from "@tanstack/react-query";
import type { TPayoutApprovals } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/admin/withdrawals/awaiting-approval: the second approval's queue, with history. */
export function listPayoutApprovals(): Promise<TPayoutApprovals> {
  return api.get<TPayoutApprovals>("/api/admin/withdrawals/awaiting-approval");
}

export function usePayoutApprovals() {
  return useQuery({
    queryKey: ["admin", "withdrawals", "awaiting-approval"],
    queryFn: listPayoutApprovals,
  });
}
