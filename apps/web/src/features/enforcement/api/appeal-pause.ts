import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TAppealRequest, TOwnEnforcement } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { ownEnforcementQueryKey } from "./get-own-enforcement";

/** POST /api/me/enforcement/appeal: opens a support request of type APPEAL (once). */
export function appealPause(body: TAppealRequest): Promise<TOwnEnforcement> {
  return api.post<TOwnEnforcement>("/api/me/enforcement/appeal", body);
}

export function useAppealPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appealPause,
    onSuccess: (state) => {
      queryClient.setQueryData(ownEnforcementQueryKey, state);
      return queryClient.invalidateQueries({ queryKey: ["support"] });
    },
  });
}
