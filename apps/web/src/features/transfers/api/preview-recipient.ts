import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TMemberRef } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/transfers/recipient: who a username or id is, before sending (404 / 422 self). */
export function previewRecipient(query: string, signal?: AbortSignal): Promise<TMemberRef> {
  return api.get<TMemberRef>("/api/transfers/recipient", { query: { query }, signal });
}

export const recipientQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ["money", "recipient", query.toLowerCase()],
    queryFn: ({ signal }) => previewRecipient(query, signal),
    staleTime: 60_000,
    retry: false,
  });

/** The preview of a (debounced, normalised) recipient; idle while `query` is null. */
export function useRecipientPreview(query: string | null) {
  return useQuery({ ...recipientQueryOptions(query ?? ""), enabled: query !== null });
}
