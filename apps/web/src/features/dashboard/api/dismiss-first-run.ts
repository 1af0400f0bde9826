import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TMe } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";

/** POST /api/me/first-run/dismiss: the first-run guide stays closed, on every device. */
export function dismissFirstRun(): Promise<TMe> {
  return api.post<TMe>("/api/me/first-run/dismiss");
}

export function useDismissFirstRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissFirstRun,
    // The guide closes at once; it comes back only if the server says no.
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: meQueryKey });
      const previous = queryClient.getQueryData<TMe | null>(meQueryKey);
      if (previous) queryClient.setQueryData(meQueryKey, { ...previous, firstRunDismissed: true });
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(meQueryKey, context.previous);
    },
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
