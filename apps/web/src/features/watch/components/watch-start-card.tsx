import { VIDEO } from "@viewvault/shared";
import { Info, Loader2, Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { WatchState } from "../watch-machine";

/**
 * Before a session: what it takes (the session's lengths) and pays, Watch Advertisement, and why
 * it cannot start — one's own video earns nothing (said before any ad), or the last refusal.
 * Only what can pay is offered (ADR 064): no Watch Advertisement on one's own video nor on a
 * video that cannot play for this member.
 */
export function WatchStartCard({
  state,
  ownVideo,
  unplayable = false,
  onStart,
}: {
  state: WatchState;
  ownVideo: boolean;
  /** The member reported the video unplayable before this page. */
  unplayable?: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation("videos");
  const { phase } = state;
  const reward = VIDEO.watcherRewardViews.toString();
  const busy = phase === "resuming" || phase === "starting";
  const cannotPlay = unplayable || (phase === "failed" && state.error === "VIDEO_UNPLAYABLE");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("watch.startTitle")}</CardTitle>
        <CardDescription>
          {t("watch.startText", {
            ad: Math.round(state.adTotalMs / 1000),
            content: Math.round(state.contentTotalMs / 1000),
            reward,
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {ownVideo ? (
          <Alert>
            <Info aria-hidden="true" />
            <AlertDescription className="text-foreground">{t("errors:OWN_VIDEO")}</AlertDescription>
          </Alert>
        ) : null}
        {cannotPlay && phase !== "failed" ? (
          <Alert variant="destructive">
            <AlertDescription className="text-foreground">
              {t("errors:VIDEO_UNPLAYABLE")}
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
        {ownVideo || cannotPlay ? null : (
          <Button
            variant="gradient"
            size="lg"
            onClick={onStart}
            disabled={busy || phase === "ad" || phase === "adDone"}
          >
            {busy ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Play aria-hidden="true" />
            )}
            {phase === "resuming"
              ? t("watch.resuming")
              : phase === "starting"
                ? t("watch.starting")
                : t("watch.start")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
