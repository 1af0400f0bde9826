import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TSupportUnlock, TSupportUnlockRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/support/desk/unlock: until when this session may use the desk (null: locked). */
export function getDeskUnlock(): Promise<TSupportUnlock> {
  return api.get<TSupportUnlock>("/api/support/desk/unlock");
}

export const deskUnlockQueryKey = ["support", "desk", "unlock"] as const;

export function useDeskUnlock(enabled: boolean) {
  return useQuery(queryOptions({ queryKey: deskUnlockQueryKey, queryFn: getDeskUnlock, enabled }));
}

/** POST /api/support/desk/unlock: the seeds' gate, checked by the server (password or passkey). */
export function unlockDesk(proof: TSupportUnlockRequest): Promise<TSupportUnlock> {
  return api.post<TSupportUnlock>("/api/support/desk/unlock", proof);
}

export function useUnlockDesk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockDesk,
    onSuccess: (unlock) => queryClient.setQueryData(deskUnlockQueryKey, unlock),
  });
}
