import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TWithdrawalOverview } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** GET /api/withdrawals: balances, withdrawals (newest first), daily limit and payout wallet. */
export function getWithdrawals(): Promise<TWithdrawalOverview> {
  return api.get<TWithdrawalOverview>("/api/withdrawals");
}

/** Under "money": refreshed whenever the balances stream reports a change (a staff decision). */
export const withdrawalsQueryKey = ["money", "withdrawals"] as const;

export function useWithdrawals() {
  return useQuery(
    queryOptions({
      queryKey: withdrawalsQueryKey,
      queryFn: getWithdrawals,
      initialData: () => inlinedInitialData<TWithdrawalOverview>("/api/withdrawals"),
    }),
  );
}
