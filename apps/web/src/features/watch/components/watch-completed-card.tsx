import { VIDEO } from "@viewvault/shared";
import { CheckCircle2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";

/** "Session completed": what the watcher and the creator earned, and Watch more videos. */
export function WatchCompletedCard() {
  const { t } = useTranslation("videos");
  const reward = VIDEO.watcherRewardViews.toString();
  return (
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
  );
}
