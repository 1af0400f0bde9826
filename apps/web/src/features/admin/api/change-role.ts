import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminRoleRequest, TProfile } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** PUT /api/admin/members/:id/role with a reason (needs a recent step-up). */
export function changeRole(id: string, request: TAdminRoleRequest): Promise<TProfile> {
  return api.put<TProfile>(`/api/admin/members/${encodeURIComponent(id)}/role`, request);
}

export function useChangeRole(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAdminRoleRequest) => changeRole(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
