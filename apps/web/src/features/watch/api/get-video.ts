import { queryOptions, useQuery } from "@tanstack/react-query";
import type { TVideo } from "@viewvault/shared";
import { api } from "@/lib/api-client";
import { inlinedInitialData } from "@/lib/inlined-data";

/** GET /api/videos/:id */
export function getVideo(id: string): Promise<TVideo> {
  return api.get<TVideo>(`/api/videos/${encodeURIComponent(id)}`);
}

export const videoQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["videos", "one", id] as const,
    queryFn: () => getVideo(id),
    initialData: () => inlinedInitialData<TVideo>(`/api/videos/${encodeURIComponent(id)}`),
    retry: false,
    staleTime: 60_000,
  });

export function useVideo(id: string) {
  return useQuery(videoQueryOptions(id));
}
