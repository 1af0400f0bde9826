import { queryOptions, useQuery } from "@tanstack/react-query";
import { canonicalYoutubeUrl, type TVideoPreview } from "@viewvault/shared";
import { api } from "@/lib/api-client";

/** GET /api/videos/preview: the title the server fetched from YouTube's oEmbed endpoint. */
export function previewVideo(youtubeId: string): Promise<TVideoPreview> {
  return api.get<TVideoPreview>("/api/videos/preview", {
    query: { url: canonicalYoutubeUrl(youtubeId) },
  });
}

export const previewQueryOptions = (youtubeId: string | null) =>
  queryOptions({
    queryKey: ["videos", "preview", youtubeId] as const,
    queryFn: () => previewVideo(youtubeId as string),
    enabled: youtubeId !== null,
    staleTime: 10 * 60_000,
    retry: false,
  });

export function useVideoPreview(youtubeId: string | null) {
  return useQuery(previewQueryOptions(youtubeId));
}
