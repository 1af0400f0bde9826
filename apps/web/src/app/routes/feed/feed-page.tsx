import { useQuery } from "@tanstack/react-query";
import type { TVideo } from "@viewvault/shared";
import { Eye, Plus, VideoOff } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useFeed } from "@/features/videos/api/get-feed";
import { BoostDialog } from "@/features/videos/components/boost-dialog";
import { FeedFiltersBar } from "@/features/videos/components/feed-filters-bar";
import { RequestViewsDialog } from "@/features/videos/components/request-views-dialog";
import { VideoCard } from "@/features/videos/components/video-card";
import {
  type FeedFilters,
  filtersFromParams,
  paramsWithFilters,
} from "@/features/videos/feed-filters";
import { useAuth } from "@/lib/auth";
import { balancesQueryOptions } from "@/lib/balances";
import { useDocumentMeta } from "@/lib/use-document-meta";
import { useMoneyFormat } from "@/lib/use-money-format";

/** Ticks every 30 s so the boost badges' time left moves (on the server's clock). */
function useNow(offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(id);
  }, []);
  return now + offsetMs;
}

/**
 * /feed: view balance, Add Video, the Request Views dialog (also opened by ?request=1), country
 * and theme filters, boosted videos first, then newest first with infinite scroll.
 */
export function FeedPage() {
  const { t } = useTranslation("videos");
  const fmt = useMoneyFormat();
  const { user, me } = useAuth();
  useDocumentMeta(t("meta.feed"));
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const feed = useFeed(filters);
  const balances = useQuery({ ...balancesQueryOptions(), enabled: !!user });
  const [boosting, setBoosting] = useState<TVideo | null>(null);
  const requestOpen = params.get("request") === "1";

  const first = feed.data?.pages[0];
  const offset = first ? new Date(first.serverTime).getTime() - feed.dataUpdatedAt : 0;
  const now = useNow(offset);

  const failed = feed.isError;
  useEffect(() => {
    if (failed) toast.error(t("feed.loadFailed"));
  }, [failed, t]);

  // Infinite scroll: load the next page when the sentinel comes into view.
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage)
          void fetchNextPage();
      },
      { rootMargin: "600px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  function setFilters(next: Partial<FeedFilters>) {
    setParams(paramsWithFilters(params, next), { replace: true });
  }
  function setRequestOpen(open: boolean) {
    const next = new URLSearchParams(params);
    if (open) next.set("request", "1");
    else next.delete("request");
    setParams(next, { replace: true });
  }

  const boosted = first?.boosted ?? [];
  const videos = feed.data?.pages.flatMap((p) => p.videos) ?? [];
  const all = [...boosted, ...videos];
  const filtered = filters.country !== "ALL" || filters.theme !== "ALL";
  const myId = me?.profile.id;

  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("feed.title")}</h1>
          <p className="text-muted-foreground">
            {user ? t("feed.subtitle") : t("feed.signInToEarn")}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {user ? (
            <div
              className="inline-flex h-10 items-center gap-2 rounded-md border bg-card px-3 text-sm"
              data-testid="feed-balance"
            >
              <Eye aria-hidden="true" className="size-4 text-primary" />
              <span className="text-muted-foreground">{t("feed.balance")}</span>
              <span className="font-semibold tabular-nums">
                {balances.data ? fmt.views(BigInt(balances.data.views)) : "…"}
              </span>
            </div>
          ) : null}
          <RequestViewsDialog open={requestOpen} onOpenChange={setRequestOpen} signedIn={!!user} />
          <Button asChild variant="gradient">
            <Link to="/add-video">
              <Plus aria-hidden="true" />
              {t("feed.addVideo")}
            </Link>
          </Button>
        </div>
      </header>

      <FeedFiltersBar filters={filters} onChange={setFilters} />

      {feed.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={t("common:a11y.loading")} />
        </div>
      ) : failed && all.length === 0 ? (
        <Alert variant="destructive">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3 text-foreground">
            {t("feed.loadFailed")}
            <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
              {t("feed.retry")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : all.length === 0 ? (
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
      ) : (
        <section aria-label={t("feed.videosLabel")} className="grid gap-4">
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {all.map((video) => (
              <li key={video.id} className="flex">
                <VideoCard
                  video={video}
                  now={now}
                  isOwner={video.ownerId === myId}
                  onBoost={setBoosting}
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
      )}
      <BoostDialog video={boosting} onClose={() => setBoosting(null)} />
    </div>
  );
}
