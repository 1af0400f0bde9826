import { keepPreviousData, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  OfferSort,
  TCreateOfferRequest,
  TMyMarket,
  TOfferPage,
  TOfferResult,
} from "@viewvault/shared";
import { useEffect, useRef } from "react";
import { api, buildUrl } from "@/lib/api-client";
import { balancesQueryKey, useBalances } from "@/lib/balances";
import { inlinedInitialData } from "@/lib/inlined-data";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

const marketKey = ["money", "marketplace"] as const;

/** GET /api/marketplace/offers: a page of open offers in the chosen order. */
export function listOffers(sort: OfferSort, page: number): Promise<TOfferPage> {
  return api.get<TOfferPage>("/api/marketplace/offers", { query: { sort, page } });
}

export const offersQueryOptions = (sort: OfferSort, page: number) =>
  queryOptions({
    queryKey: [...marketKey, "offers", sort, page],
    queryFn: () => listOffers(sort, page),
    initialData: () =>
      inlinedInitialData<TOfferPage>(buildUrl("/api/marketplace/offers", { sort, page })),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOffers(sort: OfferSort, page: number) {
  return useQuery(offersQueryOptions(sort, page));
}

/** GET /api/marketplace/mine: my offers and my purchases. */
export function useMyMarket() {
  return useQuery({
    queryKey: [...marketKey, "mine"],
    queryFn: () => api.get<TMyMarket>("/api/marketplace/mine"),
    staleTime: 0,
  });
}

/**
 * When the member's balances change (their own trade, or a live update: someone bought their
 * offer), the offers and "my offers and trades" are read again.
 */
export function useMarketFollowsBalances() {
  const queryClient = useQueryClient();
  const { dataUpdatedAt } = useBalances();
  const seen = useRef(dataUpdatedAt);
  useEffect(() => {
    if (dataUpdatedAt === seen.current) return;
    seen.current = dataUpdatedAt;
    void queryClient.invalidateQueries({ queryKey: marketKey });
  }, [dataUpdatedAt, queryClient]);
}

function useAfterTrade() {
  const queryClient = useQueryClient();
  return (result: TOfferResult) => {
    queryClient.setQueryData(balancesQueryKey, result.balances);
    void queryClient.invalidateQueries({ queryKey: marketKey });
    void queryClient.invalidateQueries({ queryKey: ["money", "activity"] });
  };
}

/** POST /api/marketplace/offers with the intent's Idempotency-Key. */
function createOffer(request: TCreateOfferRequest, idempotencyKey: string) {
  return api.post<TOfferResult>("/api/marketplace/offers", request, { idempotencyKey });
}

/** One offer per submitted form: a double click or a retry lists it once. */
export function useCreateOffer() {
  return useIdempotentMutation({ mutationFn: createOffer, onSuccess: useAfterTrade() });
}

function buyOffer(offerId: string, idempotencyKey: string) {
  return api.post<TOfferResult>(`/api/marketplace/offers/${offerId}/buy`, undefined, {
    idempotencyKey,
  });
}

/** One purchase per offer: a double click or a retry buys it once. */
export function useBuyOffer() {
  return useIdempotentMutation({ mutationFn: buyOffer, onSuccess: useAfterTrade() });
}

function cancelOffer(offerId: string, idempotencyKey: string) {
  return api.post<TOfferResult>(`/api/marketplace/offers/${offerId}/cancel`, undefined, {
    idempotencyKey,
  });
}

/** Cancels an offer once, however often the button is pressed. */
export function useCancelOffer() {
  return useIdempotentMutation({ mutationFn: cancelOffer, onSuccess: useAfterTrade() });
}
