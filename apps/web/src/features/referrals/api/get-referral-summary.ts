import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TReferralSummary } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/referrals/summary: totals, badge and the recent referrals. */
export function getReferralSummary(): Promise<TReferralSummary> {
  return api.get<TReferralSummary>("/api/referrals/summary");
}

export const referralSummaryQueryKey = ["money", "referrals", "summary"] as const;

export const referralSummaryQueryOptions = () =>
  queryOptions({ queryKey: referralSummaryQueryKey, queryFn: getReferralSummary });

export function useReferralSummary() {
  return useQuery(referralSummaryQueryOptions());
}
