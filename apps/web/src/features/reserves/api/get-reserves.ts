import { useQuery } from "@tanstack/react-query";
import type { TReservesPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export const reservesQueryKey = ["reserves"] as const;

/** GET /api/reserves: the latest snapshot with its reserves, and the history (public). */
export function useReserves() {
  return useQuery({
    queryKey: reservesQueryKey,
    queryFn: () => api.get<TReservesPage>("/api/reserves"),
    staleTime: 60_000,
  });
}

/** Where the public JSON of a snapshot downloads from. */
export const reservesFileHref = (snapshotId: string) => `/api/reserves/${snapshotId}/file`;
