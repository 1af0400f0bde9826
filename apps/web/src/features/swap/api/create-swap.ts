import { useQueryClient } from "@tanstack/react-query";
import type { TCreateSwapRequest, TSwapResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { swapsQueryKey } from "./list-swaps";

/** POST /api/swaps with the intent's Idempotency-Key (a replay moves nothing twice). */
export function createSwap(
  request: TCreateSwapRequest,
  idempotencyKey: string,
): Promise<TSwapResult> {
  return api.post<TSwapResult>("/api/swaps", request, { idempotencyKey });
}

/** One swap per submitted direction and amount: a double click or a retry swaps once. */
export function useCreateSwap() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createSwap,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: swapsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["money", "activity"] });
    },
  });
}
