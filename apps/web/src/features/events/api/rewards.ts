import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TRewardClaimResult, TRewards } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { inlinedInitialData } from "@/lib/inlined-data";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

/** ["money", "rewards"]: refetched when the balances move or the stream announces a bonus. */
export const rewardsQueryKey = ["money", "rewards"] as const;

export function useRewards() {
  return useQuery(
    queryOptions({
      queryKey: rewardsQueryKey,
      queryFn: () => api.get<TRewards>("/api/rewards"),
      initialData: () => inlinedInitialData<TRewards>("/api/rewards"),
    }),
  );
}

function claimBonus(id: string, idempotencyKey: string): Promise<TRewardClaimResult> {
  return api.post<TRewardClaimResult>(`/api/rewards/bonuses/${id}/claim`, undefined, {
    idempotencyKey,
  });
}

function claimMilestone(id: string, idempotencyKey: string): Promise<TRewardClaimResult> {
  return api.post<TRewardClaimResult>(`/api/rewards/milestones/${id}/claim`, undefined, {
    idempotencyKey,
  });
}

function useRewardClaim(mutationFn: (id: string, key: string) => Promise<TRewardClaimResult>) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn,
    onSuccess: (result) => queryClient.setQueryData(balancesQueryKey, result.balances),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardsQueryKey }),
  });
}

/** Claims one event bonus (its id is the intent): a double click claims once. */
export const useClaimBonus = () => useRewardClaim(claimBonus);
export const useClaimMilestone = () => useRewardClaim(claimMilestone);
