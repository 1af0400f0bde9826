import { VIDEO } from "@viewvault/shared";
import { ArrowLeft, CheckCircle2, CirclePause, Info, Loader2, Play, VideoOff } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PageSpinner } from "@/components/ui/spinner";
import { useVideo } from "@/features/watch/api/get-video";
import { AdOverlay } from "@/features/watch/components/ad-overlay";
import { SessionProgressCard } from "@/features/watch/components/session-progress-card";
import { VideoPlayer } from "@/features/watch/components/video-player";
import { useWatchSession } from "@/features/watch/hooks/use-watch-session";
import { CONTENT_MS, isPaused } from "@/features/watch/watch-machine";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth";
import { useDocumentMeta } from "@/lib/use-document-meta";

function BackToFeed() {
  const { t } = useTranslation("videos");
  return (
    <Button asChild variant="ghost" size="sm">
      <Link to="/feed">
        <ArrowLeft aria-hidden="true" />
        {t("watch.backToFeed")}
      </Link>
    </Button>
  );
}

/** /watch/:id — "Video Not Found", or a load failure sends the member back to the feed. */
export function WatchPage() {
  const { t } = useTranslation("videos");
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const video = useVideo(id);
  useDocumentMeta(video.data?.title ?? t("meta.watch"));
  const notFound = video.error instanceof ApiError && video.error.code === "NOT_FOUND";
  const loadFailed = video.isError && !notFound;

  useEffect(() => {
    if (!loadFailed) return;
    toast.error(t("watch.loadFailed"));
    navigate("/feed", { replace: true });
  }, [loadFailed, navigate, t]);

  if (video.isPending || loadFailed) return <PageSpinner label={t("common:a11y.loading")} />;
  if (notFound || !video.data) {
    return (
      <div className="mx-auto flex max-w-md px-4 py-16">
        <Card className="w-full text-center">
          <CardHeader className="items-center">
            <VideoOff aria-hidden="true" className="size-10 text-muted-foreground" />
            <h1 className="text-xl font-semibold">{t("watch.notFoundTitle")}</h1>
            <CardDescription>{t("watch.notFoundText")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="gradient" className="w-full">
              <Link to="/dashboard">{t("watch.goToDashboard")}</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }
  return <WatchSession video={video.data} />;
}

function WatchSession({ video }: { video: NonNullable<ReturnType<typeof useVideo>["data"]> }) {
  const { t } = useTranslation("videos");
  const { state, start, closeAd, setPlayerPaused } = useWatchSession(video.id, () =>
    toast.success(t("watch.completed")),
  );
  const { phase } = state;
  // One's own video earns nothing (the server refuses the session): say so before any ad.
  const ownVideo = useAuth().profile?.id === video.ownerId;
  const paused = isPaused(state);
  const reward = VIDEO.watcherRewardViews.toString();
  const showPlayer = phase === "startingContent" || phase === "content" || phase === "completing";
  const secondsLeft = Math.ceil((CONTENT_MS - state.contentMs) / 1000);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <BackToFeed />
      </div>
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{video.title}</h1>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant="brand">{t(`countries.${video.country}`)}</Badge>
          <Badge variant="secondary">{t(`themes.${video.theme}`)}</Badge>
          <Badge variant="outline">{t("card.by", { username: video.ownerUsername })}</Badge>
        </div>
      </header>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="grid content-start gap-4">
          {showPlayer ? (
            <>
              <VideoPlayer
                youtubeId={video.youtubeId}
                title={video.title}
                onPausedChange={setPlayerPaused}
              />
              <div
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
                aria-live="polite"
              >
                <span className="font-medium">{t("watch.videoTitle")}</span>
                <span className="text-muted-foreground tabular-nums">
                  {phase === "completing"
                    ? t("watch.completing")
                    : t("watch.contentLeft", { seconds: secondsLeft })}
                </span>
              </div>
              {paused ? (
                <Alert variant="warning">
                  <CirclePause aria-hidden="true" />
                  <AlertDescription className="text-foreground">
                    {state.hidden ? t("watch.pausedHidden") : t("watch.pausedPlayer")}
                  </AlertDescription>
                </Alert>
              ) : null}
            </>
          ) : phase === "completed" ? (
            <Card>
              <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
                <CheckCircle2 aria-hidden="true" className="size-12 text-success" />
                <h2 className="text-xl font-semibold">{t("watch.completedTitle")}</h2>
                <p className="text-muted-foreground">{t("watch.completedText", { reward })}</p>
                <Button asChild variant="gradient">
                  <Link to="/feed">{t("watch.watchMore")}</Link>
                </Button>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>{t("watch.startTitle")}</CardTitle>
                <CardDescription>
                  {t("watch.startText", {
                    ad: VIDEO.adSeconds,
                    content: VIDEO.contentSeconds,
                    reward,
                  })}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                {ownVideo ? (
                  <Alert>
                    <Info aria-hidden="true" />
                    <AlertDescription className="text-foreground">
                      {t("errors:OWN_VIDEO")}
                    </AlertDescription>
                  </Alert>
                ) : null}
                {phase === "failed" && state.error ? (
                  <Alert variant="destructive">
                    <AlertDescription className="text-foreground">
                      {t(`errors:${state.error}`, { defaultValue: t("watch.failed") })}
                    </AlertDescription>
                  </Alert>
                ) : null}
                <Button
                  variant="gradient"
                  size="lg"
                  onClick={start}
                  disabled={
                    ownVideo || phase === "starting" || phase === "ad" || phase === "adDone"
                  }
                >
                  {phase === "starting" ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Play aria-hidden="true" />
                  )}
                  {phase === "starting" ? t("watch.starting") : t("watch.start")}
                </Button>
              </CardContent>
            </Card>
          )}
        </div>
        <SessionProgressCard adMs={state.adMs} contentMs={state.contentMs} />
      </div>
      {phase === "ad" || phase === "adDone" ? (
        <AdOverlay adMs={state.adMs} done={phase === "adDone"} paused={paused} onClose={closeAd} />
      ) : null}
    </div>
  );
}
