import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ProgressBar } from "./progress-bar";

/** The session-progress card: the advertisement bar and the video-content bar (lengths: the session's). */
export function SessionProgressCard({
  adMs,
  adTotalMs,
  contentMs,
  contentTotalMs,
}: {
  adMs: number;
  adTotalMs: number;
  contentMs: number;
  contentTotalMs: number;
}) {
  const { t } = useTranslation("videos");
  const rows = [
    { label: t("watch.progressAd"), done: adMs, total: adTotalMs },
    { label: t("watch.progressContent"), done: contentMs, total: contentTotalMs },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("watch.progressTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1.5">
            <div className="flex justify-between text-sm">
              <span>{row.label}</span>
              <span className="text-muted-foreground tabular-nums">
                {t("watch.seconds", {
                  done: Math.floor(row.done / 1000),
                  total: Math.round(row.total / 1000),
                })}
              </span>
            </div>
            <ProgressBar value={row.done / 1000} max={row.total / 1000} label={row.label} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
