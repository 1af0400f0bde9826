import { useQueryClient } from "@tanstack/react-query";
import type { TVerifyAccountResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

/** POST /api/me/verify: 1,000 views, once; the account becomes verified. */
export function verifyAccount(_: null, idempotencyKey: string): Promise<TVerifyAccountResult> {
  return api.post<TVerifyAccountResult>("/api/me/verify", undefined, { idempotencyKey });
}

/** One verification per confirmation: a double click or a retry charges once. */
export function useVerifyAccount() {
  const queryClient = useQueryClient();
  return useIdempotentMutation<TVerifyAccountResult, null>({
    mutationFn: verifyAccount,
    onSuccess: async (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
