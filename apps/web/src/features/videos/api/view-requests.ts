import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCreateViewRequestResult, TViewRequestList } from "@viewvault/shared";
import { api, newIdempotencyKey } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";

/** GET /api/view-requests: the member's pending and matched requests and today's count. */
export function getViewRequests(): Promise<TViewRequestList> {
  return api.get<TViewRequestList>("/api/view-requests");
}

export const viewRequestsQueryKey = ["videos", "view-requests"] as const;

export const viewRequestsQueryOptions = () =>
  queryOptions({ queryKey: viewRequestsQueryKey, queryFn: getViewRequests, staleTime: 10_000 });

export function useViewRequests(enabled: boolean) {
  return useQuery({ ...viewRequestsQueryOptions(), enabled });
}

/** POST /api/view-requests: pay 1 view and join the matching pool. */
export function createViewRequest(): Promise<TCreateViewRequestResult> {
  return api.post<TCreateViewRequestResult>("/api/view-requests", undefined, {
    idempotencyKey: newIdempotencyKey(),
  });
}

export function useCreateViewRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createViewRequest,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: viewRequestsQueryKey });
    },
  });
}
