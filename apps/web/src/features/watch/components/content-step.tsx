import type { TVideo } from "@viewvault/shared";
import { CirclePause } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { isPaused, secondsLeft, type WatchState } from "../watch-machine";
import { VideoPlayer } from "./video-player";

/**
 * The content step: the embedded video, the time left (or "completing"), and the paused warning
 * while the tab is hidden or the player is paused (the content only advances while watched).
 */
export function ContentStep({
  video,
  state,
  onPlayerPausedChange,
}: {
  video: TVideo;
  state: WatchState;
  onPlayerPausedChange: (paused: boolean) => void;
}) {
  const { t } = useTranslation("videos");
  return (
    <>
      <VideoPlayer
        youtubeId={video.youtubeId}
        title={video.title}
        onPausedChange={onPlayerPausedChange}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-live="polite">
        <span className="font-medium">{t("watch.videoTitle")}</span>
        <span className="text-muted-foreground tabular-nums">
          {state.phase === "completing"
            ? t("watch.completing")
            : t("watch.contentLeft", { seconds: secondsLeft(state).content })}
        </span>
      </div>
      {isPaused(state) ? (
        <Alert variant="warning">
          <CirclePause aria-hidden="true" />
          <AlertDescription className="text-foreground">
            {state.hidden ? t("watch.pausedHidden") : t("watch.pausedPlayer")}
          </AlertDescription>
        </Alert>
      ) : null}
    </>
  );
}
