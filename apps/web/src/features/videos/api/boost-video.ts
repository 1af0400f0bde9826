import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBoostResult } from "@viewvault/shared";
import { api, newIdempotencyKey } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { feedQueryKey } from "./get-feed";

/** POST /api/videos/:id/boost: 100 views for 24 hours (extends a running boost). */
export function boostVideo(videoId: string): Promise<TBoostResult> {
  return api.post<TBoostResult>(`/api/videos/${videoId}/boost`, undefined, {
    idempotencyKey: newIdempotencyKey(),
  });
}

export function useBoostVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: boostVideo,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: feedQueryKey() });
    },
  });
}
