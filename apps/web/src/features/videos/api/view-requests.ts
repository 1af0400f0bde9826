import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TCreateViewRequestResult, TViewRequestList } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey, viewRequestsQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

/** GET /api/view-requests: the member's pending and matched requests and today's count. */
export function getViewRequests(): Promise<TViewRequestList> {
  return api.get<TViewRequestList>("/api/view-requests");
}

export const viewRequestsQueryOptions = () =>
  queryOptions({ queryKey: viewRequestsQueryKey, queryFn: getViewRequests, staleTime: 10_000 });

export function useViewRequests(enabled: boolean) {
  return useQuery({ ...viewRequestsQueryOptions(), enabled });
}

/** POST /api/view-requests: pay 1 view and join the matching pool. */
export function createViewRequest(
  _input: undefined,
  idempotencyKey: string,
): Promise<TCreateViewRequestResult> {
  return api.post<TCreateViewRequestResult>("/api/view-requests", undefined, { idempotencyKey });
}

/** One request per click: a double click or a retry pays once. */
export function useCreateViewRequest() {
  const queryClient = useQueryClient();
  return useIdempotentMutation<TCreateViewRequestResult, undefined>({
    mutationFn: createViewRequest,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: viewRequestsQueryKey });
    },
  });
}
