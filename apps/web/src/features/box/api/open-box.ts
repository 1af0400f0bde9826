import { useQueryClient } from "@tanstack/react-query";
import type { TOpenBoxResult } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { balancesQueryKey } from "@/lib/balances";
import { useIdempotentMutation } from "@/lib/use-idempotent-mutation";
import { boxQueryKey } from "./get-box";
import { openingsQueryKey } from "./get-openings";

/** POST /api/box/open: 100 views; reveals the used seed and commits the next one. */
export function openBox(_: null, idempotencyKey: string): Promise<TOpenBoxResult> {
  return api.post<TOpenBoxResult>("/api/box/open", undefined, { idempotencyKey });
}

/** One opening per click: a double click or a retry opens (and pays) once. */
export function useOpenBox() {
  const queryClient = useQueryClient();
  return useIdempotentMutation<TOpenBoxResult, null>({
    mutationFn: openBox,
    onSuccess: (result) => {
      queryClient.setQueryData(balancesQueryKey, result.balances);
      void queryClient.invalidateQueries({ queryKey: boxQueryKey });
      void queryClient.invalidateQueries({ queryKey: openingsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["box", "collection"] });
    },
  });
}
