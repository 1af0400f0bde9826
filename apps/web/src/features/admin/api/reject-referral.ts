import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { THeldReferral } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** POST /api/admin/referrals/:id/reject with a reason: nothing is paid. */
export function rejectReferral(referralId: string, reason: string) {
  return api.post<{ referral: THeldReferral }>(
    `/api/admin/referrals/${encodeURIComponent(referralId)}/reject`,
    { reason },
  );
}

export function useRejectReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ referralId, reason }: { referralId: string; reason: string }) =>
      rejectReferral(referralId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
