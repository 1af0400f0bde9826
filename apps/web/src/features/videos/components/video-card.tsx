import type { TVideo } from "@viewvault/shared";
import { CircleCheck, Eye, Flag, Play, Rocket } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { BoostBadge } from "./boost-badge";
import { VideoThumbnail } from "./video-thumbnail";

/**
 * A feed card: thumbnail, title, badges, view count, date and Watch; the owner can boost. For a
 * signed-in member, "Watched (earned)" when the video paid them within the rewatch window
 * (`earnedAgainAt`: when it can pay again), and Report on other members' videos.
 */
export function VideoCard({
  video,
  now,
  isOwner,
  onBoost,
  earnedAgainAt,
  onReport,
  priority = false,
}: {
  video: TVideo;
  now: number;
  isOwner: boolean;
  onBoost: (video: TVideo) => void;
  earnedAgainAt?: string | undefined;
  onReport?: ((video: TVideo) => void) | undefined;
  /** In the first row: its thumbnail is fetched at once. */
  priority?: boolean;
}) {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const href = `/watch/${video.id}`;
  return (
    <Card
      className="group flex w-full min-w-0 flex-col overflow-hidden hover:shadow-md"
      data-testid="video-card"
    >
      <Link
        to={href}
        className="relative block outline-none focus-visible:ring-2 focus-visible:ring-ring"
        tabIndex={-1}
        aria-hidden="true"
      >
        <VideoThumbnail
          src={video.thumbnailUrl}
          title={video.title}
          seed={video.id}
          priority={priority}
        />
        {video.boostedUntil ? (
          <div className="absolute top-2 left-2">
            <BoostBadge until={video.boostedUntil} now={now} />
          </div>
        ) : null}
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-4">
        {/* Long titles: two lines at most, long words broken; the whole title on hover. */}
        <h3 className="line-clamp-2 leading-snug font-semibold [overflow-wrap:anywhere]">
          <Link
            to={href}
            title={video.title}
            className="outline-none hover:underline focus-visible:underline"
          >
            {video.title}
          </Link>
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="brand">{t(`countries.${video.country}`)}</Badge>
          <Badge variant="secondary">{t(`themes.${video.theme}`)}</Badge>
          {isOwner ? <Badge variant="outline">{t("card.yours")}</Badge> : null}
          {earnedAgainAt ? (
            <Badge
              variant="outline"
              className="border-success/40 bg-success/10 text-success"
              title={t("card.earnedTitle", { time: fmt.dateTime(earnedAgainAt) })}
              data-testid="video-earned"
            >
              <CircleCheck aria-hidden="true" className="size-3" />
              {t("card.earned")}
            </Badge>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Eye aria-hidden="true" className="size-3.5" />
            {t("card.views", {
              count: video.watchedCount,
              formatted: fmt.views(BigInt(video.watchedCount)),
            })}
          </span>
          <span>{t("card.createdAt", { date: fmt.date(video.createdAt) })}</span>
          <span className="w-full truncate">{t("card.by", { username: video.ownerUsername })}</span>
        </div>
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild variant="gradient" size="sm" className="flex-1">
            <Link to={href}>
              <Play aria-hidden="true" />
              {t("card.watch")}
            </Link>
          </Button>
          {isOwner ? (
            <Button variant="outline" size="sm" onClick={() => onBoost(video)}>
              <Rocket aria-hidden="true" />
              {t("card.boost")}
            </Button>
          ) : onReport ? (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("card.reportLabel", { title: video.title })}
              onClick={() => onReport(video)}
            >
              <Flag aria-hidden="true" />
              {t("card.report")}
            </Button>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
