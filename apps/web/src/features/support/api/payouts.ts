import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TPayoutNetworks, TSupportRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { refetchAfterChange } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { deskRequestsQueryKey } from "./list-desk-requests";

/** GET …/payout-networks: each network verified or manual, the hot wallet and today's cap. */
export function getPayoutNetworks(): Promise<TPayoutNetworks> {
  return api.get<TPayoutNetworks>("/api/support/desk/payout-networks");
}

export const payoutNetworksQueryKey = ["money", "support", "payout-networks"] as const;

export function usePayoutNetworks(enabled = true) {
  return useQuery(
    queryOptions({ queryKey: payoutNetworksQueryKey, queryFn: getPayoutNetworks, enabled }),
  );
}

type SendAction = { requestId: string; action: "send" | "replace" };

/** POST …/send (one click from the hot wallet) or …/replace (same nonce, higher fee). */
export function sendFromHotWallet(
  { requestId, action }: SendAction,
  idempotencyKey: string,
): Promise<TSupportRequest> {
  return api.post<TSupportRequest>(`/api/support/desk/requests/${requestId}/${action}`, undefined, {
    idempotencyKey,
  });
}

/** Sending moves money: one Idempotency-Key per intent, the button disabled while pending. */
export function useSendFromHotWallet() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: sendFromHotWallet,
    onSettled: () => {
      void refetchAfterChange(queryClient, { queryKey: deskRequestsQueryKey });
      void refetchAfterChange(queryClient, { queryKey: payoutNetworksQueryKey });
    },
  });
}
