import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TMe } from "@viewvault/shared";
import { ApiError, api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** The signed-in member (account, profile, notification preferences); null when signed out. */
export async function getMe(): Promise<TMe | null> {
  try {
    return await api.get<TMe>("/api/me");
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryKey = ["auth", "me"] as const;

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: getMe,
    initialData: () => inlinedInitialData<TMe>("/api/me"),
    staleTime: 60_000,
  });

export function useMeQuery(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
