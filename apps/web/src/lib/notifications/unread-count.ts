import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TUnreadCount } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/**
 * Every notifications query starts with this key: the live stream's `notifications` event reads
 * them all again (lib/balances/live-balances.tsx). Here, below the feature, because the top bar's
 * bell and the /notifications page both show it.
 */
export const notificationsQueryKey = ["notifications"] as const;
export const unreadCountQueryKey = [...notificationsQueryKey, "unread"] as const;

/** GET /api/notifications/unread: how many of the member's notifications are unread. */
export function getUnreadCount(signal?: AbortSignal): Promise<TUnreadCount> {
  return api.get<TUnreadCount>("/api/notifications/unread", { signal });
}

export function useUnreadCount(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: unreadCountQueryKey,
      queryFn: ({ signal }) => getUnreadCount(signal),
      initialData: () => inlinedInitialData<TUnreadCount>("/api/notifications/unread"),
      enabled,
    }),
  );
}
