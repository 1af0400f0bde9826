import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TBoxCollection } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/profiles/:username/collection (public): items and counts. */
export function getCollection(username: string, signal?: AbortSignal): Promise<TBoxCollection> {
  return api.get<TBoxCollection>(`/api/profiles/${encodeURIComponent(username)}/collection`, {
    signal,
  });
}

export function useCollection(username: string) {
  return useQuery(
    queryOptions({
      queryKey: ["box", "collection", username.toLowerCase()],
      queryFn: ({ signal }) => getCollection(username, signal),
    }),
  );
}
