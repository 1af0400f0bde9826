import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TPublicConfig } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/config: the ad network's tag (null: the house ad). */
export function getConfig(): Promise<TPublicConfig> {
  return api.get<TPublicConfig>("/api/config");
}

export const configQueryOptions = () =>
  queryOptions({
    queryKey: ["config"] as const,
    queryFn: getConfig,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function usePublicConfig() {
  return useQuery(configQueryOptions());
}
