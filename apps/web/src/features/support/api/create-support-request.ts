import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TCreateSupportRequest, TSupportPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { ownRequestsQueryKey } from "./list-own-requests";

/** POST /api/support/requests: opens a request; answers the member's first page. */
export function createSupportRequest(request: TCreateSupportRequest): Promise<TSupportPage> {
  return api.post<TSupportPage>("/api/support/requests", request);
}

export function useCreateSupportRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupportRequest,
    onSuccess: (page) => queryClient.setQueryData(ownRequestsQueryKey, page),
  });
}
