import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAdminReasonRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** POST /api/admin/members/:id/sessions/revoke with a reason. */
export function revokeSessions(id: string, request: TAdminReasonRequest) {
  return api.post<{ revoked: number }>(
    `/api/admin/members/${encodeURIComponent(id)}/sessions/revoke`,
    request,
  );
}

export function useRevokeSessions(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TAdminReasonRequest) => revokeSessions(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
