import { useQueryClient } from "@tanstack/react-query";
import type { TCreateTransferRequest, TTransferResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { transfersQueryKey } from "./list-transfers";

/** POST /api/transfers with the intent's Idempotency-Key. */
export function createTransfer(
  request: TCreateTransferRequest,
  idempotencyKey: string,
): Promise<TTransferResult> {
  return api.post<TTransferResult>("/api/transfers", request, { idempotencyKey });
}

/** One transfer per confirmed request: a double click or a retry sends it once. */
export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createTransfer,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: transfersQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["money", "activity"] });
    },
  });
}
