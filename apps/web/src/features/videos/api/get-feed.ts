import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { FeedSort, TFeedPage } from "@viewvault/shared";
import { api, buildUrl } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";
import type { FeedFilters } from "../feed-filters";

/** GET /api/videos: one keyset page in this order (boosted videos come with the first page). */
export function getFeed(filters: FeedFilters, sort: FeedSort, cursor?: string): Promise<TFeedPage> {
  return api.get<TFeedPage>("/api/videos", { query: feedQuery(filters, sort, cursor) });
}

const feedQuery = (filters: FeedFilters, sort: FeedSort, cursor?: string) => ({
  country: filters.country,
  theme: filters.theme,
  sort,
  cursor,
});

export const feedQueryKey = (filters?: FeedFilters, sort: FeedSort = "newest") =>
  filters ? (["videos", "feed", filters, sort] as const) : (["videos", "feed"] as const);

export const feedQueryOptions = (filters: FeedFilters, sort: FeedSort = "newest") =>
  infiniteQueryOptions({
    queryKey: feedQueryKey(filters, sort),
    queryFn: ({ pageParam }) => getFeed(filters, sort, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    // The first page the server put into the document (ADR 065): the feed's first render shows
    // it, instead of rendering empty and then all cards again in one long task when it resolves.
    initialData: () => {
      const first = inlinedInitialData<TFeedPage>(
        buildUrl("/api/videos", feedQuery(filters, sort)),
      );
      return first ? { pages: [first], pageParams: [undefined] } : undefined;
    },
  });

/** The feed for these filters and this order, page by page (infinite scroll). */
export function useFeed(filters: FeedFilters, sort: FeedSort = "newest") {
  return useInfiniteQuery(feedQueryOptions(filters, sort));
}
