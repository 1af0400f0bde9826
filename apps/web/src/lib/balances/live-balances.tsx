import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import type { TBalances } from "@viewvault/shared";
import { useEffect } from "react";
import { useAuth } from "@/lib/auth/auth-context";
import { balancesQueryKey } from "./get-balances";

export const BALANCES_STREAM_URL = "/api/balances/stream";

/**
 * Query keys (first segment "money") whose lists change with a balance: swaps, transfers,
 * activity and referral totals are refetched (if shown) when the balances move.
 */
const MONEY_LISTS = ["swaps", "transfers", "activity", "referrals", "withdrawals", "support"];

function sameBalances(a: TBalances | undefined, b: TBalances): boolean {
  return !!a && a.views === b.views && a.usdt === b.usdt && a.pendingUsdt === b.pendingUsdt;
}

/** Writes one `balances` event into the cache; refreshes the money lists when it changed. */
export function applyBalancesEvent(queryClient: QueryClient, balances: TBalances): void {
  const previous = queryClient.getQueryData<TBalances>(balancesQueryKey);
  queryClient.setQueryData(balancesQueryKey, balances);
  if (previous && !sameBalances(previous, balances)) {
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] === "money" && MONEY_LISTS.includes(String(query.queryKey[1])),
    });
  }
}

/**
 * One EventSource per signed-in tab on /api/balances/stream. Every `balances` event lands in
 * the TanStack Query cache, so every card that shows a balance updates without a reload; the
 * browser reconnects on its own after a network drop. Renders nothing.
 */
export function LiveBalances() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    const source = new EventSource(BALANCES_STREAM_URL, { withCredentials: true });
    const onBalances = (event: MessageEvent<string>) => {
      try {
        applyBalancesEvent(queryClient, JSON.parse(event.data) as TBalances);
      } catch {
        // A malformed event is ignored; the next one carries the full state again.
      }
    };
    source.addEventListener("balances", onBalances as EventListener);
    return () => {
      source.removeEventListener("balances", onBalances as EventListener);
      source.close();
    };
  }, [userId, queryClient]);

  return null;
}
