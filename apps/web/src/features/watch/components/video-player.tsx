import { youtubeEmbedUrl } from "@viewvault/shared";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useYoutubePlayer } from "../hooks/use-youtube-player";

/** The embedded video (youtube-nocookie); pausing it pauses the session's timer. */
export function VideoPlayer({
  youtubeId,
  title,
  onPausedChange,
}: {
  youtubeId: string;
  title: string;
  onPausedChange: (paused: boolean) => void;
}) {
  const { t } = useTranslation("videos");
  const iframe = useRef<HTMLIFrameElement>(null);
  useYoutubePlayer(iframe, true, onPausedChange);
  const src = `${youtubeEmbedUrl(youtubeId, window.location.origin)}&autoplay=1&mute=1`;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-xl bg-black">
      <iframe
        ref={iframe}
        src={src}
        title={t("watch.playerTitle", { title })}
        className="size-full"
        allow="autoplay; encrypted-media; picture-in-picture"
        referrerPolicy="strict-origin-when-cross-origin"
        allowFullScreen
      />
    </div>
  );
}
