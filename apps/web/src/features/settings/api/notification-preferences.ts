import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TNotificationPreferences, TUpdateNotificationPreferences } from "@viewvault/shared";
import { api } from "@/lib/api-client";

export const notificationPreferencesQueryKey = ["settings", "notification-preferences"] as const;

/** GET /api/notifications/preferences: every kind's e-mail and push choice (inbox always on). */
export function getNotificationPreferences(
  signal?: AbortSignal,
): Promise<TNotificationPreferences> {
  return api.get<TNotificationPreferences>("/api/notifications/preferences", { signal });
}

/** PUT /api/notifications/preferences: some kinds' channels. */
export function updateNotificationPreferences(
  body: TUpdateNotificationPreferences,
): Promise<TNotificationPreferences> {
  return api.put<TNotificationPreferences>("/api/notifications/preferences", body);
}

export function useNotificationPreferences() {
  return useQuery(
    queryOptions({
      queryKey: notificationPreferencesQueryKey,
      queryFn: ({ signal }) => getNotificationPreferences(signal),
    }),
  );
}

export function useUpdateNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPreferences,
    // Optimistic: the switch moves at once and moves back if the server says no.
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: notificationPreferencesQueryKey });
      const previous = queryClient.getQueryData<TNotificationPreferences>(
        notificationPreferencesQueryKey,
      );
      if (previous) {
        const changed = new Map(body.preferences.map((p) => [p.kind, p]));
        queryClient.setQueryData(notificationPreferencesQueryKey, {
          preferences: previous.preferences.map((p) => changed.get(p.kind) ?? p),
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous)
        queryClient.setQueryData(notificationPreferencesQueryKey, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(notificationPreferencesQueryKey, data),
  });
}
