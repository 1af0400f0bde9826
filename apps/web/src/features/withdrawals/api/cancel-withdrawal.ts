import { useQueryClient } from "@tanstack/react-query";
import type { TWithdrawalResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { withdrawalsQueryKey } from "./get-withdrawals";

/** POST /api/withdrawals/:id/cancel with the intent's Idempotency-Key. */
export function cancelWithdrawal(
  withdrawalId: string,
  idempotencyKey: string,
): Promise<TWithdrawalResult> {
  return api.post<TWithdrawalResult>(`/api/withdrawals/${withdrawalId}/cancel`, undefined, {
    idempotencyKey,
  });
}

/** One cancellation per withdrawal: a double click or a retry sends it once. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["money", "support"] });
    },
  });
}
