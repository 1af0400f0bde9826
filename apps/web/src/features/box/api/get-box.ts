import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TBoxState } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** GET /api/box: the cost and the commitment (seed hash, client seed, nonce) of the next opening. */
export function getBox(signal?: AbortSignal): Promise<TBoxState> {
  return api.get<TBoxState>("/api/box", { signal });
}

export const boxQueryKey = ["box", "state"] as const;

export const boxQueryOptions = () =>
  queryOptions({ queryKey: boxQueryKey, queryFn: ({ signal }) => getBox(signal) });

export function useBox() {
  return useQuery({
    ...boxQueryOptions(),
    initialData: () => inlinedInitialData<TBoxState>("/api/box"),
  });
}
