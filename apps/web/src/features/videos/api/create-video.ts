import { useQueryClient } from "@tanstack/react-query";
import type { TCreateVideoRequest, TCreateVideoResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { feedQueryKey } from "./get-feed";

/** POST /api/videos: posts a video for 1 view. */
export function createVideo(
  input: TCreateVideoRequest,
  idempotencyKey: string,
): Promise<TCreateVideoResult> {
  return api.post<TCreateVideoResult>("/api/videos", input, { idempotencyKey });
}

/** One video per submission of the same URL, country and theme. */
export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createVideo,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: feedQueryKey() });
    },
  });
}
