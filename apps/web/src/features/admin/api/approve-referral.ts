import { useQueryClient } from "@tanstack/react-query";
import type { THeldReferral } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";

export type ApproveReferral = { referralId: string; reason: string };

/** POST /api/admin/referrals/:id/approve with the intent's Idempotency-Key: pays it once. */
export function approveReferral(
  { referralId, reason }: ApproveReferral,
  idempotencyKey: string,
): Promise<{ referral: THeldReferral }> {
  return api.post<{ referral: THeldReferral }>(
    `/api/admin/referrals/${encodeURIComponent(referralId)}/approve`,
    { reason },
    { idempotencyKey },
  );
}

export function useApproveReferral() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: approveReferral,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
