import { type PlayerState, youtubeEmbedUrl } from "@viewvault/shared";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../api/get-config";
import { useYoutubePlayer, type YTPlayer } from "../hooks/use-youtube-player";

export interface PlayerPlacement {
  visibleRatio: number;
  width: number;
  height: number;
}

/**
 * The embedded video (youtube-nocookie) followed through the IFrame Player API (ADR 046): its
 * state, an error that means it cannot play here, and its place on screen (IntersectionObserver:
 * the share visible; its size) — the content's timer and the heartbeats need all of them.
 */
export function VideoPlayer({
  youtubeId,
  title,
  onStateChange,
  onError,
  onPlacement,
  onPlayer,
}: {
  youtubeId: string;
  title: string;
  onStateChange: (state: PlayerState) => void;
  onError: (code: number) => void;
  onPlacement: (placement: PlayerPlacement) => void;
  onPlayer: (player: YTPlayer | null) => void;
}) {
  const { t } = useTranslation("videos");
  const iframe = useRef<HTMLIFrameElement>(null);
  const config = usePublicConfig();
  // Without the config (it failed) the default API URL is used.
  const apiUrl = config.isPending
    ? undefined
    : (config.data?.youtubeIframeApiUrl ?? "https://www.youtube.com/iframe_api");
  const player = useYoutubePlayer(iframe, apiUrl, { onStateChange, onError });
  const placement = useRef(onPlacement);
  placement.current = onPlacement;
  const playerReport = useRef(onPlayer);
  playerReport.current = onPlayer;

  useEffect(() => {
    // The handle is read by the heartbeats; it appears once the API loaded.
    const id = setInterval(() => playerReport.current(player.current), 500);
    return () => {
      clearInterval(id);
      playerReport.current(null);
    };
  }, [player]);

  useEffect(() => {
    const element = iframe.current;
    if (!element) return;
    let ratio = 0;
    const report = () => {
      const box = element.getBoundingClientRect();
      placement.current({ visibleRatio: ratio, width: box.width, height: box.height });
    };
    const intersection = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratio = entry.intersectionRatio;
        report();
      },
      { threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    intersection.observe(element);
    const resize = new ResizeObserver(report);
    resize.observe(element);
    return () => {
      intersection.disconnect();
      resize.disconnect();
    };
  }, []);

  const src = `${youtubeEmbedUrl(youtubeId, window.location.origin)}&autoplay=1&mute=1`;
  return (
    // At least 208 px high: the content counts only while the player is 200×200 px or more
    // (ATTENTION.minPlayerPx), which a 16:9 player on a narrow phone would not reach.
    <div className="aspect-video min-h-52 w-full overflow-hidden rounded-xl bg-black">
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
