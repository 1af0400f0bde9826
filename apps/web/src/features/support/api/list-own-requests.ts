import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TSupportPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/support/requests: the member's own requests (withdrawals included), newest first. */
export function listOwnRequests(page = 1): Promise<TSupportPage> {
  return api.get<TSupportPage>("/api/support/requests", { query: { page } });
}

export const ownRequestsQueryKey = ["money", "support", "mine"] as const;

export function useOwnRequests() {
  return useQuery(
    queryOptions({ queryKey: ownRequestsQueryKey, queryFn: () => listOwnRequests() }),
  );
}
