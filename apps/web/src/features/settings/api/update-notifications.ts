import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMe, TNotificationPrefs } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** PUT /api/me/notifications: the three e-mail preferences. */
export function updateNotifications(prefs: TNotificationPrefs): Promise<TMe> {
  return api.put<TMe>("/api/me/notifications", prefs);
}

export function useUpdateNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotifications,
    // Optimistic: the switch moves at once and moves back if the server says no.
    onMutate: async (prefs) => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<TMe | null>(meQueryKey);
      if (previous) queryClient.setQueryData(meQueryKey, { ...previous, notifications: prefs });
      return { previous };
    },
    onError: (_error, _prefs, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
