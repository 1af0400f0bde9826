import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api-client";

/** Errors that retrying will not fix. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isPermanent(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * After a change the server made: the queries under `queryKey` read again, a read already on
 * its way dropped first. `invalidateQueries` alone lets a query's first read stand when it was
 * sent before the change and answered after it (TanStack cancels a read in flight only for a
 * query that already has data): a desk filtered a moment before a withdrawal was taken showed it
 * still pending.
 */
export async function refetchAfterChange(
  client: QueryClient,
  queryKey: readonly unknown[],
): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
