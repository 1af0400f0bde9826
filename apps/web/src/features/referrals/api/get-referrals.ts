import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { TReferralPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/referrals: one keyset page of all the member's referrals, newest first. */
export function getReferrals(cursor?: string): Promise<TReferralPage> {
  return api.get<TReferralPage>("/api/referrals", { query: { cursor } });
}

/** Under ["money", "referrals"]: read again when the balances stream reports a change. */
export const referralListQueryKey = ["money", "referrals", "list"] as const;

export function useReferralList() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: referralListQueryKey,
      queryFn: ({ pageParam }) => getReferrals(pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
