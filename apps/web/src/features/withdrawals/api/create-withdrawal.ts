import { useQueryClient } from "@tanstack/react-query";
import type { TCreateWithdrawalRequest, TWithdrawalResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { withdrawalsQueryKey } from "./get-withdrawals";

/** POST /api/withdrawals with the intent's Idempotency-Key. */
export function createWithdrawal(
  request: TCreateWithdrawalRequest,
  idempotencyKey: string,
): Promise<TWithdrawalResult> {
  return api.post<TWithdrawalResult>("/api/withdrawals", request, { idempotencyKey });
}

/**
 * One withdrawal per confirmed request: a double click or a retry sends it once. The intent is
 * the amount, network and address — a retry with a fresh 2FA code keeps the same key (the server
 * leaves the password and code out of the request's fingerprint too).
 */
export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createWithdrawal,
    fingerprint: ({ amount, network, walletAddress }) =>
      JSON.stringify([amount, network, walletAddress]),
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: withdrawalsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["money", "support"] });
    },
  });
}
