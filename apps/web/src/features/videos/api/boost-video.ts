import { useQueryClient } from "@tanstack/react-query";
import type { TBoostResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { feedQueryKey } from "./get-feed";

/** POST /api/videos/:id/boost: 100 views for 24 hours (extends a running boost). */
export function boostVideo(videoId: string, idempotencyKey: string): Promise<TBoostResult> {
  return api.post<TBoostResult>(`/api/videos/${videoId}/boost`, undefined, { idempotencyKey });
}

/** One boost per confirmation: a double click or a retry pays once. */
export function useBoostVideo() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: boostVideo,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: feedQueryKey() });
    },
  });
}
