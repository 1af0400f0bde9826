import { useQueryClient } from "@tanstack/react-query";
import type { TAskMemberReviewRequest, TDeskReviewRequest } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { refetchAfterChange } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { deskRequestsQueryKey } from "./list-desk-requests";

type AskReview = { requestId: string } & TAskMemberReviewRequest;

/** POST …/review-request: asks an admin to review the withdrawing member (ADR 071). */
export function askMemberReview(
  { requestId, ...body }: AskReview,
  idempotencyKey: string,
): Promise<TDeskReviewRequest> {
  return api.post<TDeskReviewRequest>(
    `/api/support/desk/requests/${requestId}/review-request`,
    body,
    { idempotencyKey },
  );
}

/**
 * The desk's buttons' guard: a double click sends one request (the server answers a second ask
 * with the open request anyway); the desk reads the member's risk again after.
 */
export function useAskMemberReview() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: askMemberReview,
    onSettled: () => refetchAfterChange(queryClient, { queryKey: deskRequestsQueryKey }),
  });
}
