import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TCreateVideoRequest, TCreateVideoResult } from "@viewvault/shared";
import { ApiError, api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotencyKey } from "@/lib/idempotency";
import { feedQueryKey } from "./get-feed";

/** POST /api/videos: posts a video for 1 view. */
export function createVideo(
  input: TCreateVideoRequest,
  idempotencyKey: string,
): Promise<TCreateVideoResult> {
  return api.post<TCreateVideoResult>("/api/videos", input, { idempotencyKey });
}

export function useCreateVideo() {
  const queryClient = useQueryClient();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: TCreateVideoRequest) => createVideo(input, keyFor(input)),
    onSuccess: (result) => {
      settle();
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: feedQueryKey() });
    },
    onError: (error) => {
      // The server answered: this attempt is over. A network failure keeps the key for a retry.
      if (error instanceof ApiError && error.status > 0) settle();
    },
  });
}
