import { queryOptions, useQuery } from "@tanstack/react-query";
import { SWAP, type TSwap } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/swaps: the member's latest swaps (the seeds show 5). */
export async function listSwaps(limit = SWAP.historyShown): Promise<TSwap[]> {
  return (await api.get<{ swaps: TSwap[] }>("/api/swaps", { query: { limit } })).swaps;
}

export const swapsQueryKey = ["money", "swaps"] as const;

export const swapsQueryOptions = () =>
  queryOptions({ queryKey: swapsQueryKey, queryFn: () => listSwaps() });

export function useRecentSwaps() {
  return useQuery(swapsQueryOptions());
}
