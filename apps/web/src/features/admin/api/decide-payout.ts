import { useQueryClient } from "@tanstack/react-query";
import type { TSupportRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

/** A second-approval decision: approve (pays) or reject with the reason the member sees. */
export type PayoutDecision =
  | { requestId: string; approve: true }
  | {
      requestId: string;
      approve: false;
      reason: string;
    };

/**
 * POST /api/admin/withdrawals/:id/approve or /reject with the intent's Idempotency-Key: the
 * database settles it once (the desk's commands, with the four-eyes rule).
 */
export function decidePayout(decision: PayoutDecision, idempotencyKey: string) {
  const base = `/api/admin/withdrawals/${encodeURIComponent(decision.requestId)}`;
  return decision.approve
    ? api.post<TSupportRequest>(`${base}/approve`, undefined, { idempotencyKey })
    : api.post<TSupportRequest>(`${base}/reject`, { reason: decision.reason }, { idempotencyKey });
}

export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: decidePayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
