import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TPublicProfile } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/profiles/:username (public); 404 NOT_FOUND for an unknown member. */
export function getPublicProfile(username: string, signal?: AbortSignal): Promise<TPublicProfile> {
  return api.get<TPublicProfile>(`/api/profiles/${encodeURIComponent(username)}`, { signal });
}

export const publicProfileQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ["profiles", username.toLowerCase()],
    queryFn: ({ signal }) => getPublicProfile(username, signal),
    staleTime: 60_000,
  });

export function usePublicProfile(username: string | null) {
  return useQuery({ ...publicProfileQueryOptions(username ?? ""), enabled: Boolean(username) });
}
