import type { FeedSort, TVideo } from "@viewvault/shared";
import { VideoOff } from "lucide-react";
import { Suspense, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { lazyPart } from "@/lib/lazy-part";
import { toast } from "@/lib/toast";
import { useFeed } from "../api/get-feed";
import { useWatchToday } from "../api/get-watch-today";
import { type FeedFilters, isFiltered } from "../feed-filters";
import { useServerNow } from "../hooks/use-server-now";
import { VideoGrid } from "./video-grid";

// The Boost and Report dialogs (Radix Dialog) load when first opened, not with the feed (ADR 076).
const BoostDialog = lazyPart(() => import("./boost-dialog").then((module) => module.BoostDialog));
const ReportVideoDialog = lazyPart(() =>
  import("./report-video-dialog").then((module) => module.ReportVideoDialog),
);

function FeedEmpty({ filtered }: { filtered: boolean }) {
  const { t } = useTranslation("videos");
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-14 text-center">
        <VideoOff aria-hidden="true" className="size-10 text-muted-foreground" />
        <h2 className="text-lg font-semibold">{t("feed.emptyTitle")}</h2>
        <p className="max-w-sm text-muted-foreground">
          {filtered ? t("feed.emptyFiltered") : t("feed.emptyText")}
        </p>
        <Button asChild variant="gradient">
          <Link to="/add-video">{t("feed.addYourVideo")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function FeedFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("videos");
  return (
    <Alert variant="destructive">
      <AlertDescription className="flex flex-wrap items-center justify-between gap-3 text-foreground">
        {t("feed.loadFailed")}
        <Button variant="outline" size="sm" onClick={onRetry}>
          {t("feed.retry")}
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The feed for these filters, in this order: a spinner, the failure (toast and Try again), the empty state, or
 * the grid with boosted videos first — their badges count down on the server's clock — and the
 * owner's Boost dialog; for a member, the "Watched (earned)" marks and Report.
 */
export function FeedResults({ filters, sort }: { filters: FeedFilters; sort: FeedSort }) {
  const { t } = useTranslation("videos");
  const { me } = useAuth();
  const feed = useFeed(filters, sort);
  const today = useWatchToday(!!me);
  const earned = useMemo(
    () => new Map((today.data?.earned ?? []).map((e) => [e.videoId, e.againAt] as const)),
    [today.data],
  );
  const [boosting, setBoosting] = useState<TVideo | null>(null);
  const [reporting, setReporting] = useState<TVideo | null>(null);
  // Each dialog stays mounted from its first opening on (so that it closes as a dialog does).
  const [boostUsed, setBoostUsed] = useState(false);
  const [reportUsed, setReportUsed] = useState(false);
  if (boosting && !boostUsed) setBoostUsed(true);
  if (reporting && !reportUsed) setReportUsed(true);
  const first = feed.data?.pages[0];
  const now = useServerNow(first?.serverTime, feed.dataUpdatedAt);

  const failed = feed.isError;
  useEffect(() => {
    if (failed) toast.error(t("feed.loadFailed"));
  }, [failed, t]);

  // A video this member found unplayable cannot pay them: it leaves their feed (ADR 064).
  const unplayable = new Set(today.data?.unplayable ?? []);
  const videos = [
    ...(first?.boosted ?? []),
    ...(feed.data?.pages.flatMap((p) => p.videos) ?? []),
  ].filter((video) => !unplayable.has(video.id));
  return (
    <>
      {feed.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t("common:a11y.loading")} />
        </div>
      ) : failed && videos.length === 0 ? (
        <FeedFailed onRetry={() => void feed.refetch()} />
      ) : videos.length === 0 ? (
        <FeedEmpty filtered={isFiltered(filters)} />
      ) : (
        <VideoGrid
          videos={videos}
          now={now}
          ownerId={me?.profile.id}
          onBoost={setBoosting}
          earned={me ? earned : undefined}
          onReport={me ? setReporting : undefined}
          hasNextPage={feed.hasNextPage}
          isFetchingNextPage={feed.isFetchingNextPage}
          fetchNextPage={feed.fetchNextPage}
        />
      )}
      <Suspense fallback={null}>
        {boostUsed ? <BoostDialog video={boosting} onClose={() => setBoosting(null)} /> : null}
        {reportUsed ? (
          <ReportVideoDialog video={reporting} onClose={() => setReporting(null)} />
        ) : null}
      </Suspense>
    </>
  );
}
