import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FraudAction, TFraudEvidence } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { fraudEvidenceQueryKey } from "./get-fraud-evidence";

const PATHS: Record<FraudAction, string> = {
  clear: "clear",
  clawBack: "claw-back",
  pause: "pause",
  lift: "lift",
  suspend: "suspend",
};

/** POST /api/fraud/members/:id/<action> with a reason (needs a recent step-up; audited). */
export function applyFraudAction(memberId: string, action: FraudAction, reason: string) {
  return api.post<TFraudEvidence>(
    `/api/fraud/members/${encodeURIComponent(memberId)}/${PATHS[action]}`,
    { reason },
  );
}

export function useFraudAction(memberId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: FraudAction; reason: string }) =>
      applyFraudAction(memberId, action, reason),
    onSuccess: (evidence) => {
      queryClient.setQueryData(fraudEvidenceQueryKey(memberId), evidence);
      return queryClient.invalidateQueries({ queryKey: ["fraud", "queue"] });
    },
  });
}
