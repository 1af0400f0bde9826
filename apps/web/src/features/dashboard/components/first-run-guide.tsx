import { BOOST, HOLD, MYSTERY_BOX, VERIFICATION, VIDEO, VIEW_REQUEST } from "@viewvault/shared";
import { Compass, MonitorPlay, X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { useDismissFirstRun } from "../api/dismiss-first-run";

/**
 * The first-run guide: a new member has 0 views, and every button that spends needs some. It says
 * how to start (watch → earn) and what each button costs, with the figures from packages/shared,
 * until the member closes it (remembered on the server, so on every device).
 */
export function FirstRunGuide() {
  const { t } = useTranslation("dashboard");
  const fmt = useMoneyFormat();
  const dismiss = useDismissFirstRun();
  const headingId = useId();
  const views = (n: bigint) => fmt.amount(n, "VIEWS");
  const costs = [
    { key: "addVideo", values: { cost: views(VIDEO.postCostViews) } },
    {
      key: "requestViews",
      values: { cost: views(VIEW_REQUEST.costViews), limit: VIEW_REQUEST.dailyLimit },
    },
    { key: "box", values: { cost: views(MYSTERY_BOX.costViews) } },
    { key: "boost", values: { cost: views(BOOST.costViews), hours: BOOST.hours } },
    { key: "verify", values: { cost: views(VERIFICATION.costViews) } },
  ] as const;
  return (
    <Card role="region" aria-labelledby={headingId} data-testid="first-run-guide">
      <CardContent className="grid gap-4 p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <Compass aria-hidden="true" className="size-5 text-primary" />
            {t("firstRun.title")}
          </h2>
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("firstRun.dismiss")}
            disabled={dismiss.isPending}
            onClick={() => dismiss.mutate()}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <p className="text-muted-foreground">{t("firstRun.intro")}</p>
        <ol className="grid list-decimal gap-3 pl-5">
          <li>
            <p className="font-medium">{t("firstRun.watch.title")}</p>
            <p className="text-sm text-muted-foreground">
              {t("firstRun.watch.body", {
                ad: VIDEO.adSeconds,
                content: VIDEO.contentSeconds,
                reward: views(VIDEO.watcherRewardViews),
                cap: VIDEO.dailyWatchCap,
              })}
            </p>
          </li>
          <li>
            <p className="font-medium">{t("firstRun.earn.title")}</p>
            <p className="text-sm text-muted-foreground">
              {t("firstRun.earn.body", {
                reward: views(VIDEO.creatorRewardViews),
                // Earnings are pending before they count (ADR 047): how long, and why.
                hours: HOLD.hoursByRisk.normal,
                maxHours: HOLD.hoursByRisk.high,
              })}
            </p>
          </li>
          <li>
            <p className="font-medium">{t("firstRun.spend.title")}</p>
            <ul className="mt-1 grid gap-1 text-sm text-muted-foreground">
              {costs.map(({ key, values }) => (
                <li key={key}>{t(`firstRun.spend.${key}`, values)}</li>
              ))}
            </ul>
          </li>
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/feed">
              <MonitorPlay aria-hidden="true" />
              {t("firstRun.start")}
            </Link>
          </Button>
          <Button variant="outline" disabled={dismiss.isPending} onClick={() => dismiss.mutate()}>
            {t("firstRun.done")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
