import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TCreateSwapRequest, TSwapResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { swapsQueryKey } from "./list-swaps";

export type CreateSwapInput = { request: TCreateSwapRequest; idempotencyKey: string };

/** POST /api/swaps with the submission's Idempotency-Key (a replay moves nothing twice). */
export function createSwap({ request, idempotencyKey }: CreateSwapInput): Promise<TSwapResult> {
  return api.post<TSwapResult>("/api/swaps", request, { idempotencyKey });
}

export function useCreateSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSwap,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: swapsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["money", "activity"] });
    },
  });
}
