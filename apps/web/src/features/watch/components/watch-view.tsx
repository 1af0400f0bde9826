import type { TVideo } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { useAuth } from "@/lib/auth";
import { toast } from "@/lib/toast";
import { useWatchSession } from "../hooks/use-watch-session";
import { pauseReason } from "../watch-machine";
import { AdOverlay } from "./ad-overlay";
import { BackToFeed } from "./back-to-feed";
import { ContentStep } from "./content-step";
import { SessionProgressCard } from "./session-progress-card";
import { WatchCompletedCard } from "./watch-completed-card";
import { WatchHeader } from "./watch-header";
import { WatchStartCard } from "./watch-start-card";

/**
 * A video's watch session: start → advertisement overlay → the video → completed, with the two
 * progress bars; an open session (a reload) continues where the server's clock says it is.
 */
export function WatchView({
  video,
  unplayable = false,
  onReported,
}: {
  video: TVideo;
  /** The member reported this video unplayable before: it cannot pay them. */
  unplayable?: boolean;
  /** The member's report that the video cannot play was sent. */
  onReported?: () => void;
}) {
  const { t } = useTranslation("videos");
  // One's own video earns nothing (the server refuses the session): say so before any ad.
  const ownVideo = useAuth().profile?.id === video.ownerId;
  const {
    state,
    start,
    closeAd,
    onPlayerState,
    onPlacement,
    onPlayer,
    onUnplayable,
    captcha,
    onCaptchaToken,
  } = useWatchSession(video.id, () => toast.success(t("watch.completed")), {
    resume: !ownVideo,
    onReported,
  });
  const { phase } = state;
  const inContent = phase === "startingContent" || phase === "content" || phase === "completing";

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <BackToFeed />
      </div>
      <WatchHeader video={video} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-4">
          {inContent ? (
            <ContentStep
              video={video}
              state={state}
              onPlayerState={onPlayerState}
              onPlacement={onPlacement}
              onPlayer={onPlayer}
              onUnplayable={onUnplayable}
              captcha={captcha}
              onCaptchaToken={onCaptchaToken}
            />
          ) : phase === "completed" ? (
            <WatchCompletedCard />
          ) : (
            <WatchStartCard
              state={state}
              ownVideo={ownVideo}
              unplayable={unplayable}
              onStart={start}
            />
          )}
        </div>
        <SessionProgressCard
          adMs={state.adMs}
          adTotalMs={state.adTotalMs}
          contentMs={state.contentMs}
          contentTotalMs={state.contentTotalMs}
        />
      </div>
      {phase === "ad" || phase === "adDone" ? (
        <AdOverlay
          adMs={state.adMs}
          totalMs={state.adTotalMs}
          done={phase === "adDone"}
          paused={pauseReason(state)}
          onClose={closeAd}
        />
      ) : null}
    </div>
  );
}
