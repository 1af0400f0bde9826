import { useQuery } from "@tanstack/react-query";
import type { TFraudEvidence } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/fraud/members/:id: a member's risk, sessions, shared signals and referrals. */
export function getFraudEvidence(memberId: string): Promise<TFraudEvidence> {
  return api.get<TFraudEvidence>(`/api/fraud/members/${encodeURIComponent(memberId)}`);
}

export function fraudEvidenceQueryKey(memberId: string) {
  return ["fraud", "member", memberId] as const;
}

export function useFraudEvidence(memberId: string) {
  return useQuery({
    queryKey: fraudEvidenceQueryKey(memberId),
    queryFn: () => getFraudEvidence(memberId),
  });
}
