import { useQueryClient } from "@tanstack/react-query";
import type { TSupportRequest, TUpdateSupportStatusRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { refetchAfterChange } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { deskRequestsQueryKey } from "./list-desk-requests";

type StatusChange = { requestId: string } & TUpdateSupportStatusRequest;
type FailChange = { requestId: string; reason: string };

/** PUT …/status: for a withdrawal this takes it, hands it back, or completes (pays) it. */
export function updateRequestStatus(
  { requestId, ...body }: StatusChange,
  idempotencyKey: string,
): Promise<TSupportRequest> {
  return api.put<TSupportRequest>(`/api/support/desk/requests/${requestId}/status`, body, {
    idempotencyKey,
  });
}

/** POST …/fail: the withdrawal fails with a reason; the full amount returns to the member. */
export function failWithdrawalRequest(
  { requestId, reason }: FailChange,
  idempotencyKey: string,
): Promise<TSupportRequest> {
  return api.post<TSupportRequest>(
    `/api/support/desk/requests/${requestId}/fail`,
    { reason },
    { idempotencyKey },
  );
}

/** Status changes move money (payout, refund): one Idempotency-Key per intent, never twice. */
export function useUpdateRequestStatus() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: updateRequestStatus,
    onSettled: () => refetchAfterChange(queryClient, { queryKey: deskRequestsQueryKey }),
  });
}

export function useFailWithdrawal() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: failWithdrawalRequest,
    onSettled: () => refetchAfterChange(queryClient, { queryKey: deskRequestsQueryKey }),
  });
}
