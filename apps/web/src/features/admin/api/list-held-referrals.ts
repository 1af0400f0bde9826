import { useQuery } from "@tanstack/react-query";
import type { THeldReferral } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/admin/referrals/held: the review queue with its evidence. */
export function listHeldReferrals(): Promise<{ referrals: THeldReferral[] }> {
  return api.get<{ referrals: THeldReferral[] }>("/api/admin/referrals/held");
}

export const heldReferralsQueryKey = ["admin", "referrals", "held"] as const;

export function useHeldReferrals() {
  return useQuery({ queryKey: heldReferralsQueryKey, queryFn: listHeldReferrals });
}
