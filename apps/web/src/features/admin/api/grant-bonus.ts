import { useQueryClient } from "@tanstack/react-query";
import type { TEventBonus, TGrantBonusRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

/**
 * POST /api/admin/members/:id/bonuses with the intent's Idempotency-Key (the route requires
 * one): a double click or a retry after a lost answer grants the bonus once.
 */
export function grantBonus(
  id: string,
  request: TGrantBonusRequest,
  idempotencyKey: string,
): Promise<TEventBonus> {
  return api.post<TEventBonus>(`/api/admin/members/${encodeURIComponent(id)}/bonuses`, request, {
    idempotencyKey,
  });
}

export function useGrantBonus(id: string) {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: (request: TGrantBonusRequest, idempotencyKey: string) =>
      grantBonus(id, request, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
