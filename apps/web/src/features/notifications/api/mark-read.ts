import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TUnreadCount } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { notificationsQueryKey, unreadCountQueryKey } from "@/lib/notifications/unread-count";

/** POST /api/notifications/:id/read: one of the member's notifications is read. */
export function markNotificationRead(id: string): Promise<TUnreadCount> {
  return api.post<TUnreadCount>(`/api/notifications/${encodeURIComponent(id)}/read`);
}

/** POST /api/notifications/read-all. */
export function markAllNotificationsRead(): Promise<TUnreadCount> {
  return api.post<TUnreadCount>("/api/notifications/read-all");
}

/** Marks one (an id) or all (null) read; the bell takes the answered count, the list is read again. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? markAllNotificationsRead() : markNotificationRead(id),
    onSuccess: (count) => {
      queryClient.setQueryData(unreadCountQueryKey, count);
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  });
}
