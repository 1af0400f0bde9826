import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TWebVitalsOverview } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/admin/web-vitals: members' field data, p75 per route and language (ADR 066). */
export function useWebVitals() {
  return useQuery(
    queryOptions({
      queryKey: ["admin", "web-vitals"] as const,
      queryFn: () => api.get<TWebVitalsOverview>("/api/admin/web-vitals"),
    }),
  );
}
