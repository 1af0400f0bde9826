import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { TActivityPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export type ActivityCurrency = "VIEWS" | "USDT";
export type ActivityFilters = { currency?: ActivityCurrency; kind?: string };

export const ACTIVITY_PAGE_SIZE = 25;

/** GET /api/activity: one page of the member's history, newest first (keyset cursor). */
export function getActivity(
  filters: ActivityFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TActivityPage> {
  return api.get<TActivityPage>("/api/activity", {
    query: { currency: filters.currency, kind: filters.kind, cursor, limit: ACTIVITY_PAGE_SIZE },
    signal,
  });
}

export const activityQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: ["money", "activity", filters.currency ?? "ALL", filters.kind ?? "ALL"],
    queryFn: ({ pageParam, signal }) => getActivity(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useActivity(filters: ActivityFilters) {
  return useInfiniteQuery(activityQueryOptions(filters));
}

/** GET /api/activity.csv with the same filters (a download). */
export function activityCsvHref(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  if (filters.currency) params.set("currency", filters.currency);
  if (filters.kind) params.set("kind", filters.kind);
  const search = params.toString();
  return `/api/activity.csv${search ? `?${search}` : ""}`;
}
