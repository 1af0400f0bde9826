import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { TFeedPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import type { FeedFilters } from "../feed-filters";

/** GET /api/videos: one keyset page (boosted videos come with the first page). */
export function getFeed(filters: FeedFilters, cursor?: string): Promise<TFeedPage> {
  return api.get<TFeedPage>("/api/videos", {
    query: { country: filters.country, theme: filters.theme, cursor },
  });
}

export const feedQueryKey = (filters?: FeedFilters) =>
  filters ? (["videos", "feed", filters] as const) : (["videos", "feed"] as const);

export const feedQueryOptions = (filters: FeedFilters) =>
  infiniteQueryOptions({
    queryKey: feedQueryKey(filters),
    queryFn: ({ pageParam }) => getFeed(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });

/** The feed for these filters, page by page (infinite scroll). */
export function useFeed(filters: FeedFilters) {
  return useInfiniteQuery(feedQueryOptions(filters));
}
