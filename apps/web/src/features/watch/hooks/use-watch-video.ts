import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { ApiError } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useVideo } from "../api/get-video";

/**
 * The video of /watch/:id. "Not found" is the page's to show; any other failure says "Failed to
 * load video" and sends the member back to the feed.
 */
export function useWatchVideo(id: string) {
  const { t } = useTranslation("videos");
  const navigate = useNavigate();
  const video = useVideo(id);
  const notFound = video.error instanceof ApiError && video.error.code === "NOT_FOUND";
  const loadFailed = video.isError && !notFound;

  useEffect(() => {
    if (!loadFailed) return;
    toast.error(t("watch.loadFailed"));
    navigate("/feed", { replace: true });
  }, [loadFailed, navigate, t]);

  return {
    video: notFound ? undefined : video.data,
    /** Still loading, or on the way back to the feed. */
    pending: video.isPending || loadFailed,
  };
}
