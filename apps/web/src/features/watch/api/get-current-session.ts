import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TWatchSession } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/**
 * GET /api/videos/:id/sessions/current: the member's open session on this video (after a
 * reload), or null when there is none.
 */
export function getCurrentWatchSession(videoId: string): Promise<TWatchSession | null> {
  return api.get<TWatchSession | null>(
    `/api/videos/${encodeURIComponent(videoId)}/sessions/current`,
  );
}

/** Always asked afresh: the answer is only good for the moment it arrives (its serverTime). */
export const currentWatchSessionQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ["watch", "current", videoId] as const,
    queryFn: () => getCurrentWatchSession(videoId),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useCurrentWatchSession(videoId: string, enabled = true) {
  return useQuery({ ...currentWatchSessionQueryOptions(videoId), enabled });
}
