import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  TAnnualClaimResult,
  TDailyClaimResult,
  TDailyWinners,
  TEventsState,
} from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { inlinedInitialData } from "@/lib/inlined-data";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

/** Everything under ["events"] is refetched when the stream announces a winner. */
export const eventsQueryKey = ["events"] as const;
const stateKey = [...eventsQueryKey, "state"] as const;
const winnersKey = [...eventsQueryKey, "winners"] as const;

/** GET /api/events, with the browser time the answer arrived (for the server-clock offset). */
async function getEvents(): Promise<TEventsState & { receivedAt: number }> {
  const state = await api.get<TEventsState>("/api/events");
  return { ...state, receivedAt: Date.now() };
}

/** The document's inlined /api/events (ADR 065), as the query's first data (ADR 076). */
function inlinedEvents(): (TEventsState & { receivedAt: number }) | undefined {
  const state = inlinedInitialData<TEventsState>("/api/events");
  return state ? { ...state, receivedAt: Date.now() } : undefined;
}

export function useEventsState() {
  return useQuery(
    queryOptions({ queryKey: stateKey, queryFn: getEvents, initialData: inlinedEvents }),
  );
}

export function useDailyWinners() {
  return useQuery(
    queryOptions({
      queryKey: winnersKey,
      queryFn: () => api.get<TDailyWinners>("/api/events/daily/winners"),
    }),
  );
}

function claimDaily(_: undefined, idempotencyKey: string): Promise<TDailyClaimResult> {
  return api.post<TDailyClaimResult>("/api/events/daily/claim", undefined, { idempotencyKey });
}

function claimAnnual(_: undefined, idempotencyKey: string): Promise<TAnnualClaimResult> {
  return api.post<TAnnualClaimResult>("/api/events/annual/claim", undefined, { idempotencyKey });
}

/** One claim per click intent: a double click or a retry claims once. */
export function useClaimDaily() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: claimDaily,
    onSuccess: (result) => queryClient.setQueryData(balancesQueryKey, result.balances),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}

export function useClaimAnnual() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: claimAnnual,
    onSuccess: (result) => queryClient.setQueryData(balancesQueryKey, result.balances),
    onSettled: () => queryClient.invalidateQueries({ queryKey: eventsQueryKey }),
  });
}
