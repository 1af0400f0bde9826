import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { useWatchToday, watchTodayQueryKey } from "@/features/videos/api/get-watch-today";
import { VideoNotFound } from "@/features/watch/components/video-not-found";
import { WatchView } from "@/features/watch/components/watch-view";
import { useWatchVideo } from "@/features/watch/hooks/use-watch-video";
import { useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /watch/:id — the watch session, "Video Not Found", or (other failures) back to the feed. */
export function WatchPage() {
  const { t } = useTranslation("videos");
  const { id = "" } = useParams();
  const { video, pending } = useWatchVideo(id);
  const queryClient = useQueryClient();
  // A video this member found unplayable cannot pay them: no ad is offered (ADR 064).
  const today = useWatchToday(!!useAuth().me);
  useDocumentMeta(video?.title ?? t("meta.watch"));
  if (pending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (!video) return <VideoNotFound />;
  return (
    <WatchView
      video={video}
      unplayable={today.data?.unplayable?.includes(video.id) ?? false}
      onReported={() => void queryClient.invalidateQueries({ queryKey: watchTodayQueryKey })}
    />
  );
}
