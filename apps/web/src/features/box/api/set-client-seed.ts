import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TBoxState, TSetClientSeedRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { boxQueryKey } from "./get-box";

/** PUT /api/box/client-seed: the client seed of the next openings (moves no money). */
export function setClientSeed(body: TSetClientSeedRequest): Promise<TBoxState> {
  return api.put<TBoxState>("/api/box/client-seed", body);
}

export function useSetClientSeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClientSeed,
    onSuccess: (state) => queryClient.setQueryData(boxQueryKey, state),
  });
}
