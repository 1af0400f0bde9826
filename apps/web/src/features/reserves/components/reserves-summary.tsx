import type { TReservesSnapshot } from "@viewvault/shared";
import { Download, Landmark } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useMoneyFormat } from "@/lib/use-money-format";
import { cn } from "@/lib/utils";
import { reservesFileHref } from "../api/get-reserves";
import { coveragePercent, isShort } from "./coverage";
import { ReserveAssets } from "./reserve-assets";

/** The latest snapshot: date, root, what is owed, the reserves on chain, coverage, the download. */
export function ReservesSummary({ snapshot }: { snapshot: TReservesSnapshot }) {
  const { t } = useTranslation("transparency");
  const fmt = useMoneyFormat();
  const bp = snapshot.coverageBasisPoints;
  const noReserves = snapshot.assets.length === 0;
  const short = !noReserves && isShort(bp);
  return (
    <Card data-testid="reserves-latest">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark aria-hidden="true" className="size-5 text-primary" />
          {t("reserves.latest.title")}
        </CardTitle>
        <CardDescription>
          {t("reserves.latest.takenAt", { time: fmt.dateTime(snapshot.takenAt) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1 rounded-xl border p-4">
            <dt className="text-sm font-medium">{t("reserves.latest.liabilities")}</dt>
            <dd className="grid gap-0.5 tabular-nums">
              <span className="font-semibold" data-testid="reserves-liabilities">
                {fmt.amount(snapshot.totalMicroUsdt, "USDT")}
              </span>
              <span className="text-xs text-muted-foreground">
                {t("reserves.latest.liabilitiesHint", {
                  rate: fmt.amount(snapshot.microUsdtPerView, "USDT"),
                  members: fmt.views(String(snapshot.memberCount)),
                  count: snapshot.memberCount,
                })}
              </span>
            </dd>
          </div>
          <div className="grid gap-1 rounded-xl border p-4">
            <dt className="text-sm font-medium">{t("reserves.latest.reserves")}</dt>
            <dd className="font-semibold tabular-nums">
              {fmt.amount(snapshot.assetsMicroUsdt, "USDT")}
            </dd>
          </div>
          <div className="grid gap-1 rounded-xl border p-4">
            <dt className="text-sm font-medium">{t("reserves.latest.coverage")}</dt>
            <dd
              className={cn("font-semibold tabular-nums", short && "text-destructive")}
              data-testid="reserves-coverage"
            >
              {bp === null ? t("reserves.latest.coverageNone") : coveragePercent(bp, fmt.locale)}
            </dd>
          </div>
        </dl>
        {noReserves ? (
          <p className="text-sm font-medium text-destructive" role="note">
            {t("reserves.latest.noReserves")}
          </p>
        ) : short ? (
          <p className="text-sm font-medium text-destructive" role="note">
            {t("reserves.latest.coverageShort")}
          </p>
        ) : null}
        <div className="grid gap-1">
          <span className="text-sm font-medium">{t("reserves.latest.root")}</span>
          <code className="break-all rounded-md bg-muted p-2 text-xs" data-testid="reserves-root">
            {snapshot.root}
          </code>
        </div>
        {noReserves ? null : <ReserveAssets assets={snapshot.assets} />}
        <a
          className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          href={reservesFileHref(snapshot.id)}
          download={`reserves-${snapshot.id}.json`}
          data-testid="reserves-download"
        >
          <Download aria-hidden="true" className="size-4" />
          {t("reserves.latest.download")}
        </a>
      </CardContent>
    </Card>
  );
}
