import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMe, TUpdateWalletRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** PUT /api/me/wallet: the payout wallet, confirmed with the password or a 2FA code. */
export function updateWallet(input: TUpdateWalletRequest): Promise<TMe> {
  return api.put<TMe>("/api/me/wallet", input);
}

export function useUpdateWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWallet,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
