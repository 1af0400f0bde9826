import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageSpinner } from "@/components/ui/spinner";
import { VideoNotFound } from "@/features/watch/components/video-not-found";
import { WatchView } from "@/features/watch/components/watch-view";
import { useWatchVideo } from "@/features/watch/hooks/use-watch-video";
import { useDocumentMeta } from "@/lib/use-document-meta";

/** /watch/:id — the watch session, "Video Not Found", or (other failures) back to the feed. */
export function WatchPage() {
  const { t } = useTranslation("videos");
  const { id = "" } = useParams();
  const { video, pending } = useWatchVideo(id);
  useDocumentMeta(video?.title ?? t("meta.watch"));
  if (pending) return <PageSpinner label={t("common:a11y.loading")} />;
  if (!video) return <VideoNotFound />;
  return <WatchView video={video} />;
}
