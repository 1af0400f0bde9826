import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminSuspendRequest, TProfile } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** PUT /api/admin/members/:id/suspension with a reason. */
export function setSuspension(id: string, request: TAdminSuspendRequest): Promise<TProfile> {
  return api.put<TProfile>(`/api/admin/members/${encodeURIComponent(id)}/suspension`, request);
}

export function useSetSuspension(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAdminSuspendRequest) => setSuspension(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
