import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TTransfer } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export const TRANSFER_HISTORY_LIMIT = 50;

/** GET /api/transfers: sent and received transfers, newest first. */
export async function listTransfers(limit = TRANSFER_HISTORY_LIMIT): Promise<TTransfer[]> {
  return (await api.get<{ transfers: TTransfer[] }>("/api/transfers", { query: { limit } }))
    .transfers;
}

export const transfersQueryKey = ["money", "transfers"] as const;

export const transfersQueryOptions = () =>
  queryOptions({ queryKey: transfersQueryKey, queryFn: () => listTransfers() });

export function useTransfers() {
  return useQuery(transfersQueryOptions());
}
