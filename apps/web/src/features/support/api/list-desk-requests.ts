import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  PAYOUTS,
  type SupportRequestType,
  type SupportStatus,
  type TSupportPage,
} from "@viewvault/shared";
import { api } from "@/lib/api-client";

export interface DeskFilters {
  status?: SupportStatus | undefined;
  type?: SupportRequestType | undefined;
  member?: string | undefined;
  page: number;
}

/** GET /api/support/desk/requests: every request, newest first, filtered and paged. */
export function listDeskRequests(filters: DeskFilters): Promise<TSupportPage> {
  const query: Record<string, string | number> = { page: filters.page };
  if (filters.status) query.status = filters.status;
  if (filters.type) query.type = filters.type;
  if (filters.member?.trim()) query.member = filters.member.trim();
  return api.get<TSupportPage>("/api/support/desk/requests", { query });
}

/** Under "money": a balance change (a withdrawal requested or settled) refreshes the desk. */
export const deskRequestsQueryKey = ["money", "support", "desk"] as const;

export function useDeskRequests(filters: DeskFilters, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...deskRequestsQueryKey, filters],
      queryFn: () => listDeskRequests(filters),
      enabled,
      placeholderData: keepPreviousData,
      // A payout the chain is confirming: its "n/N" moves without anyone acting (ADR 058).
      refetchInterval: (query) =>
        query.state.data?.requests.some((r) => r.withdrawal?.status === "CONFIRMING")
          ? PAYOUTS.followSeconds * 1000
          : false,
    }),
  );
}
