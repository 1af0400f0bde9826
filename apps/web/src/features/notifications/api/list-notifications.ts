import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { NOTIFICATIONS, type TNotificationKind, type TNotificationsPage } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { notificationsQueryKey } from "@/lib/notifications/unread-count";

/** GET /api/notifications: one page of the inbox, newest first (keyset cursor), one kind or all. */
export function listNotifications(
  kind: TNotificationKind | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TNotificationsPage> {
  return api.get<TNotificationsPage>("/api/notifications", {
    query: { kind, cursor, limit: NOTIFICATIONS.pageSize },
    signal,
  });
}

export const notificationListQueryKey = (kind: TNotificationKind | undefined) =>
  [...notificationsQueryKey, "list", kind ?? "ALL"] as const;

export function useNotifications(kind: TNotificationKind | undefined) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: notificationListQueryKey(kind),
      queryFn: ({ pageParam, signal }) => listNotifications(kind, pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextCursor ?? undefined,
    }),
  );
}
