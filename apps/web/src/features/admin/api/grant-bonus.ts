import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TEventBonus, TGrantBonusRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/**
 * POST /api/admin/members/:id/bonuses. The route takes no Idempotency-Key (each grant is a new
 * bonus row; no money moves until the member claims it): the button is disabled while it runs.
 */
export function grantBonus(id: string, request: TGrantBonusRequest): Promise<TEventBonus> {
  return api.post<TEventBonus>(`/api/admin/members/${encodeURIComponent(id)}/bonuses`, request);
}

export function useGrantBonus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TGrantBonusRequest) => grantBonus(id, request),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
