import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TWatchToday } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** GET /api/watch/today: today's credited sessions against the cap, and the videos that paid. */
export function getWatchToday(): Promise<TWatchToday> {
  return api.get<TWatchToday>("/api/watch/today");
}

/** Under "money": read again whenever the balances stream reports a change (a credited watch). */
export const watchTodayQueryKey = ["money", "watch-today"] as const;

/** The member's watch day; off for visitors. */
export function useWatchToday(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: watchTodayQueryKey,
      queryFn: getWatchToday,
      initialData: () => inlinedInitialData<TWatchToday>("/api/watch/today"),
      enabled,
      staleTime: 30_000,
    }),
  );
}
