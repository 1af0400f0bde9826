import { useQuery } from "@tanstack/react-query";
import { TRANSPARENCY, type TTransparency } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/transparency: the ledger's totals and daily flows (public, a minute old at most). */
export function useTransparency() {
  return useQuery({
    queryKey: ["transparency"],
    queryFn: () => api.get<TTransparency>("/api/transparency"),
    staleTime: TRANSPARENCY.cacheSeconds * 1000,
  });
}
