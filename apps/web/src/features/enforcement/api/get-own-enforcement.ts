import { useQuery } from "@tanstack/react-query";
import type { TOwnEnforcement } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** GET /api/me/enforcement: whether cash-out is paused on the member's account, and why. */
export function getOwnEnforcement(): Promise<TOwnEnforcement> {
  return api.get<TOwnEnforcement>("/api/me/enforcement");
}

export const ownEnforcementQueryKey = ["me", "enforcement"] as const;

export function useOwnEnforcement() {
  return useQuery({
    queryKey: ownEnforcementQueryKey,
    queryFn: getOwnEnforcement,
    initialData: () => inlinedInitialData<TOwnEnforcement>("/api/me/enforcement"),
  });
}
