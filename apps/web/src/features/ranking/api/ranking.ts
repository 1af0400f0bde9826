import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RankingPeriod, TRankingPage, TRankingVisibility } from "@viewvault/shared";
import { api } from "@/lib/api-client";

const rankingKey = ["ranking"] as const;

/** GET /api/ranking: a page of the precomputed ranking, my own row and the summary. */
export function useRanking(period: RankingPeriod, page: number) {
  return useQuery({
    queryKey: [...rankingKey, period, page],
    queryFn: () => api.get<TRankingPage>("/api/ranking", { query: { period, page } }),
    placeholderData: keepPreviousData,
  });
}

const visibilityKey = [...rankingKey, "visibility"] as const;

export function useRankingVisibility() {
  return useQuery({
    queryKey: visibilityKey,
    queryFn: () => api.get<TRankingVisibility>("/api/ranking/visibility"),
  });
}

/** PUT /api/ranking/visibility: hide me from the ranking, or show me again. */
export function useSetRankingVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRankingVisibility) =>
      api.put<TRankingVisibility>("/api/ranking/visibility", body),
    onSuccess: (result) => {
      queryClient.setQueryData(visibilityKey, result);
      void queryClient.invalidateQueries({ queryKey: rankingKey });
    },
  });
}
