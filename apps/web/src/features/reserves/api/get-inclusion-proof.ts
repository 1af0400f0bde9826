import { useQuery } from "@tanstack/react-query";
import type { TInclusionProof } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/reserves/:id/proof: the signed-in member's leaf and path (private, never cached). */
export function useInclusionProof(snapshotId: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: ["reserves", "proof", snapshotId],
    queryFn: () => api.get<TInclusionProof>(`/api/reserves/${snapshotId}/proof`),
    enabled: signedIn && snapshotId !== undefined,
    retry: false,
  });
}
