import type { PlayerState, TVideo, TWatchSession } from "@viewvault/shared";
import { CirclePause } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import type { YTPlayer } from "../hooks/use-youtube-player";
import { pauseReason, secondsLeft, type WatchState } from "../watch-machine";
import { CaptchaCheck } from "./captcha-check";
import { type PlayerPlacement, VideoPlayer } from "./video-player";

const PAUSED_TEXT = {
  otherSession: "watch.pausedOtherSession",
  hidden: "watch.pausedHidden",
  unfocused: "watch.pausedUnfocused",
  offScreen: "watch.pausedOffScreen",
  player: "watch.pausedPlayer",
} as const;

/**
 * The content step: the embedded video, the time left (or "completing"), and the paused warning
 * saying why the timer stands still (the tab hidden or unfocused, the player paused, scrolled
 * away or too small, another session opened): the content only advances while watched.
 */
export function ContentStep({
  video,
  state,
  onPlayerState,
  onPlacement,
  onPlayer,
  onUnplayable,
  captcha = null,
  onCaptchaToken = () => undefined,
}: {
  video: TVideo;
  state: WatchState;
  onPlayerState: (state: PlayerState) => void;
  onPlacement: (placement: PlayerPlacement) => void;
  onPlayer: (player: YTPlayer | null) => void;
  onUnplayable: (code: number) => void;
  /** The human check this session also needs (high risk, where configured), or null. */
  captcha?: TWatchSession["captcha"];
  onCaptchaToken?: (token: string | null) => void;
}) {
  const { t } = useTranslation("videos");
  const reason = pauseReason(state);
  return (
    <>
      <VideoPlayer
        youtubeId={video.youtubeId}
        title={video.title}
        onStateChange={onPlayerState}
        onError={onUnplayable}
        onPlacement={onPlacement}
        onPlayer={onPlayer}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm" aria-live="polite">
        <span className="font-medium">{t("watch.videoTitle")}</span>
        <span className="text-muted-foreground tabular-nums">
          {state.phase === "completing"
            ? t("watch.completing")
            : t("watch.contentLeft", { seconds: secondsLeft(state).content })}
        </span>
      </div>
      {reason ? (
        <Alert variant="warning" data-testid="watch-paused">
          <CirclePause aria-hidden="true" />
          <AlertDescription className="text-foreground">{t(PAUSED_TEXT[reason])}</AlertDescription>
        </Alert>
      ) : null}
      {captcha ? <CaptchaCheck captcha={captcha} onToken={onCaptchaToken} /> : null}
    </>
  );
}
