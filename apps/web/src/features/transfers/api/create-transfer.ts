import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TCreateTransferRequest, TTransferResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { transfersQueryKey } from "./list-transfers";

export type CreateTransferInput = { request: TCreateTransferRequest; idempotencyKey: string };

/** POST /api/transfers with the submission's Idempotency-Key. */
export function createTransfer({
  request,
  idempotencyKey,
}: CreateTransferInput): Promise<TTransferResult> {
  return api.post<TTransferResult>("/api/transfers", request, { idempotencyKey });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: transfersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["money", "activity"] });
    },
  });
}
