import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TMailboxMessage } from "@viewvault/shared";
import { ApiError, api } from "@/lib/api-client";

/** GET /api/dev/mailbox: the development outbox, newest first; 404 when it is disabled. */
export function getMailbox(signal?: AbortSignal): Promise<{ messages: TMailboxMessage[] }> {
  return api.get<{ messages: TMailboxMessage[] }>("/api/dev/mailbox", { signal });
}

export const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ["dev", "mailbox"],
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
  });

export function isMailboxDisabled(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Polls every 3 s (stops once the server says the mailbox is disabled). */
export function useMailbox() {
  return useQuery({
    ...mailboxQueryOptions(),
    refetchInterval: (query) => (isMailboxDisabled(query.state.error) ? false : 3000),
    refetchIntervalInBackground: false,
  });
}
