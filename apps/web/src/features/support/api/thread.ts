import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TSupportThread } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** Members read their own requests' threads; staff read any (desk unlocked). */
export type ThreadAudience = "member" | "staff";

function threadPath(audience: ThreadAudience, requestId: string): string {
  return audience === "staff"
    ? `/api/support/desk/requests/${requestId}/messages`
    : `/api/support/requests/${requestId}/messages`;
}

const threadKey = (audience: ThreadAudience, requestId: string) =>
  ["support", "thread", audience, requestId] as const;

export function useThread(audience: ThreadAudience, requestId: string) {
  return useQuery(
    queryOptions({
      queryKey: threadKey(audience, requestId),
      queryFn: () => api.get<TSupportThread>(threadPath(audience, requestId)),
    }),
  );
}

/** Writes in a thread (a staff reply e-mails the member); answers the whole thread. */
export function usePostMessage(audience: ThreadAudience, requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<TSupportThread>(threadPath(audience, requestId), { body }),
    onSuccess: (thread) => queryClient.setQueryData(threadKey(audience, requestId), thread),
  });
}
