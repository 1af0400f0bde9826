import type { TVideo } from "@viewvault/shared";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useInfiniteScroll } from "../hooks/use-infinite-scroll";
import { VideoCard } from "./video-card";

/** The most cards in a row (four columns on a wide screen): their thumbnails come first. */
const FIRST_ROW = 4;

/**
 * The feed's cards (boosted first, as given), then infinite scroll: the next page loads when the
 * end comes near, with "Load more" as a fallback and "end of the feed" when there is no more.
 */
export function VideoGrid({
  videos,
  now,
  ownerId,
  onBoost,
  earned,
  onReport,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: {
  videos: TVideo[];
  /** The server's clock, for the boost badges. */
  now: number;
  /** The member's profile id: their cards say "Yours" and offer Boost. */
  ownerId: string | undefined;
  onBoost: (video: TVideo) => void;
  /** The videos that paid the member in the rewatch window, with when each can pay again. */
  earned?: ReadonlyMap<string, string> | undefined;
  /** Report a video (members, on others' videos). */
  onReport?: ((video: TVideo) => void) | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const { t } = useTranslation("videos");
  const sentinel = useInfiniteScroll({ hasNextPage, isFetchingNextPage, fetchNextPage });
  return (
    <section aria-label={t("feed.videosLabel")} className="grid gap-4">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {videos.map((video, index) => (
          <li key={video.id} className="flex min-w-0">
            <VideoCard
              video={video}
              now={now}
              isOwner={ownerId !== undefined && video.ownerId === ownerId}
              onBoost={onBoost}
              earnedAgainAt={earned?.get(video.id)}
              onReport={onReport}
              priority={index < FIRST_ROW}
            />
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden="true" />
      <div className="flex justify-center py-2" aria-live="polite">
        {isFetchingNextPage ? (
          <Spinner className="size-6" label={t("feed.loadingMore")} />
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            {t("feed.loadMore")}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{t("feed.end")}</p>
        )}
      </div>
    </section>
  );
}
