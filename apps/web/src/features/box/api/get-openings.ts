import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TBoxOpenings } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** GET /api/box/openings: the member's latest openings with their revealed seeds. */
export function getOpenings(signal?: AbortSignal): Promise<TBoxOpenings> {
  return api.get<TBoxOpenings>("/api/box/openings", { signal, query: { limit: 5 } });
}

export const openingsQueryKey = ["box", "openings"] as const;

export function useOpenings() {
  return useQuery(
    queryOptions({
      queryKey: openingsQueryKey,
      queryFn: ({ signal }) => getOpenings(signal),
      initialData: () => inlinedInitialData<TBoxOpenings>("/api/box/openings?limit=5"),
    }),
  );
}
