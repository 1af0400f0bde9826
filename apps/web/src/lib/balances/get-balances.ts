import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TBalances } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/**
 * GET /api/balances: available views and USDT, USDT pending withdrawal and views on hold (with
 * when the first of them clears), as minor-unit strings.
 */
export function getBalances(): Promise<TBalances> {
  return api.get<TBalances>("/api/balances");
}

export const balancesQueryKey = ["money", "balances"] as const;

/** The stream keeps this fresh (see LiveBalances), so it never goes stale on its own. */
export const balancesQueryOptions = () =>
  queryOptions({
    queryKey: balancesQueryKey,
    queryFn: getBalances,
    initialData: () => inlinedInitialData<TBalances>("/api/balances"),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The member's balances, kept live by the balances stream. */
export function useBalances() {
  return useQuery(balancesQueryOptions());
}

/** Parsed balances (bigint), or null while they load. */
export function toBigBalances(balances: TBalances | undefined): {
  views: bigint;
  usdt: bigint;
  pendingUsdt: bigint;
  heldViews: bigint;
  heldNextClearAt: Date | null;
} | null {
  if (!balances) return null;
  return {
    views: BigInt(balances.views),
    usdt: BigInt(balances.usdt),
    pendingUsdt: BigInt(balances.pendingUsdt),
    // Older answers (a cached page) may lack them: nothing on hold.
    heldViews: BigInt(balances.heldViews ?? "0"),
    heldNextClearAt: balances.heldNextClearAt ? new Date(balances.heldNextClearAt) : null,
  };
}
