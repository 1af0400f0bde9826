import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TAdminOverview } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/admin/overview: ledger totals per currency and the queues' counts. */
export function getOverview(): Promise<TAdminOverview> {
  return api.get<TAdminOverview>("/api/admin/overview");
}

export const overviewQueryKey = ["admin", "overview"] as const;

export function useOverview() {
  return useQuery(queryOptions({ queryKey: overviewQueryKey, queryFn: getOverview }));
}
